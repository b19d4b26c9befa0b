import { addEnglishTexts } from '../lib/i18n';
import flashcards from '../locales/en/flashcards.json';

addEnglishTexts({ flashcards });
