import { useRealtimeEvent } from '../../lib/realtime';
import { reloadSavedWords } from '../vocabulary/saved-words-store';
import { readingLists } from './reading-lists';

/**
 * Follows changes made on other devices to the reading lists and the saved words. (Whose lists
 * they are, the stores learn from the layout: lib/owners.ts.)
 */
export function ReadingSync() {
  useRealtimeEvent('vocabulary', () => void reloadSavedWords());
  useRealtimeEvent('bookmarks', () => void readingLists.bookmarks.refresh());
  useRealtimeEvent('completions', () => void readingLists.completions.refresh());
  return null;
}
