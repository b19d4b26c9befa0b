import { addEnglishTexts } from '../lib/i18n';
import quiz from '../locales/en/quiz.json';

addEnglishTexts({ quiz });
