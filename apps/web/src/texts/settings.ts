import { addEnglishTexts } from '../lib/i18n';
import settings from '../locales/en/settings.json';

addEnglishTexts({ settings });
