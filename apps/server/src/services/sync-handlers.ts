import { FLASHCARD_REVIEW_SYNC_TYPE, KNOWN_WORD_SYNC_TYPE } from '@lesefuchs/core';
import type { RealtimeHub } from '../realtime/hub.ts';
import { flashcardReviewSyncHandler } from './flashcards/review.service.ts';
import { knownWordSyncHandler } from './known-words.service.ts';
import { preferencesSyncHandler } from './profile.service.ts';
import { readingSyncHandler } from './reading.service.ts';
import { savedWordSyncHandler } from './saved-words.service.ts';
import { statsSyncHandler } from './stats.service.ts';
import { SyncRegistry } from './sync.service.ts';

/** Every queue type the sync endpoint accepts, each handled by the area that owns it. */
export function createSyncRegistry(hub: RealtimeHub): SyncRegistry {
  const registry = new SyncRegistry();
  registry.register('preferences', preferencesSyncHandler);
  registry.register('stats', statsSyncHandler(hub));
  registry.register('bookmarks', readingSyncHandler(hub, 'bookmarks'));
  registry.register('completions', readingSyncHandler(hub, 'completions'));
  registry.register('vocabulary', savedWordSyncHandler(hub));
  registry.register(KNOWN_WORD_SYNC_TYPE, knownWordSyncHandler(hub));
  registry.register(FLASHCARD_REVIEW_SYNC_TYPE, flashcardReviewSyncHandler());
  return registry;
}
