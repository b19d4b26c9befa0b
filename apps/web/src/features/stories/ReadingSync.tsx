import { useRealtimeEvent } from '../../lib/realtime';
import { knownWordsStore } from '../vocabulary/known-words-store';
import { reloadSavedWords } from '../vocabulary/saved-words-store';
import { readingLists } from './reading-lists';

/**
 * Follows changes made on other devices to the reading lists, the saved and the known words. (Whose lists
 * they are, the stores learn from the layout: lib/owners.ts.)
 */
export function ReadingSync() {
  useRealtimeEvent('vocabulary', () => void reloadSavedWords());
  useRealtimeEvent('bookmarks', () => void readingLists.bookmarks.refresh());
  useRealtimeEvent('completions', () => void readingLists.completions.refresh());
  // Marks made elsewhere, and flashcards reviewed (a card past learning is a known word).
  useRealtimeEvent('known-words', () => void knownWordsStore.refresh());
  useRealtimeEvent('flashcards', knownWordsStore.refreshSoon);
  return null;
}
