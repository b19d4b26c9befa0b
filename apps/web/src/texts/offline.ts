import { addEnglishTexts } from '../lib/i18n';
import offline from '../locales/en/offline.json';

addEnglishTexts({ offline });
