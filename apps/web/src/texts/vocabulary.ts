import { addEnglishTexts } from '../lib/i18n';
import vocabulary from '../locales/en/vocabulary.json';

addEnglishTexts({ vocabulary });
