import { useEffect } from 'react';
import { useAuth } from '../../lib/auth-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { readingLists } from './reading-lists';

/** Points the reading lists at the signed-in user (or the guest) and follows other devices. */
export function ReadingSync() {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (status === 'checking') return;
    readingLists.bookmarks.setOwner(userId);
    readingLists.completions.setOwner(userId);
  }, [status, userId]);
  useRealtimeEvent('bookmarks', () => void readingLists.bookmarks.refresh());
  useRealtimeEvent('completions', () => void readingLists.completions.refresh());
  return null;
}
