import { addEnglishTexts } from '../lib/i18n';
import flashcardOverview from '../locales/en/flashcardOverview.json';

addEnglishTexts({ flashcardOverview });
