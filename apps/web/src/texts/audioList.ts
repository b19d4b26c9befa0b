import { addEnglishTexts } from '../lib/i18n';
import audioList from '../locales/en/audioList.json';

addEnglishTexts({ audioList });
