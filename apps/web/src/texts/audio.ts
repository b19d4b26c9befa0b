import { addEnglishTexts } from '../lib/i18n';
import audio from '../locales/en/audio.json';

addEnglishTexts({ audio });
