import { addEnglishTexts } from '../lib/i18n';
import stories from '../locales/en/stories.json';

addEnglishTexts({ stories });
