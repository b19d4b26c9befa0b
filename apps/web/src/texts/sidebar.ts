import { addEnglishTexts } from '../lib/i18n';
import sidebar from '../locales/en/sidebar.json';

addEnglishTexts({ sidebar });
