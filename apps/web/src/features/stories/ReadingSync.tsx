import { useEffect } from 'react';
import { useAuth } from '../../lib/auth-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { reloadSavedWords, setSavedWordsOwner } from '../vocabulary/saved-words-store';
import { readingLists } from './reading-lists';

/**
 * Points the reading lists and the saved words at the signed-in user (or the guest) and
 * follows changes made on other devices.
 */
export function ReadingSync() {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (status === 'checking') return;
    readingLists.bookmarks.setOwner(userId);
    readingLists.completions.setOwner(userId);
    setSavedWordsOwner(userId);
  }, [status, userId]);
  useRealtimeEvent('vocabulary', () => void reloadSavedWords());
  useRealtimeEvent('bookmarks', () => void readingLists.bookmarks.refresh());
  useRealtimeEvent('completions', () => void readingLists.completions.refresh());
  return null;
}
