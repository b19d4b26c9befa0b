import { addEnglishTexts } from '../lib/i18n';
import progress from '../locales/en/progress.json';

addEnglishTexts({ progress });
