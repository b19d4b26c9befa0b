import { addEnglishTexts } from '../lib/i18n';
import home from '../locales/en/home.json';

addEnglishTexts({ home });
