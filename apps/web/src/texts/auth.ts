import { addEnglishTexts } from '../lib/i18n';
import auth from '../locales/en/auth.json';

addEnglishTexts({ auth });
