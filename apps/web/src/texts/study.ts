import { addEnglishTexts } from '../lib/i18n';
import study from '../locales/en/study.json';

addEnglishTexts({ study });
