import { addEnglishTexts } from '../lib/i18n';
import reader from '../locales/en/reader.json';

addEnglishTexts({ reader });
