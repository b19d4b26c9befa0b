import { addEnglishTexts } from '../lib/i18n';
import tours from '../locales/en/tours.json';

addEnglishTexts({ tours });
