import { addEnglishTexts } from '../lib/i18n';
import profile from '../locales/en/profile.json';

addEnglishTexts({ profile });
