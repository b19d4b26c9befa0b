import { addEnglishTexts } from '../lib/i18n';
import level from '../locales/en/level.json';

addEnglishTexts({ level });
