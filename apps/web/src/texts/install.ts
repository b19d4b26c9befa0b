import { addEnglishTexts } from '../lib/i18n';
import install from '../locales/en/install.json';

addEnglishTexts({ install });
