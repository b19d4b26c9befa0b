import { addEnglishTexts } from '../lib/i18n';
import bookmarks from '../locales/en/bookmarks.json';

addEnglishTexts({ bookmarks });
