import type { QueuePolicy } from '../sync/queue-policy.ts';

// The numbers of marked-known words, apart from their schemas so that the web app's store does
// not load the validation library.

/** The sync queue type of marked-known words. */
export const KNOWN_WORD_SYNC_TYPE = 'known-words';

/** The most words a guest brings along at sign-in in one request (ids only: 120 KB at most). */
export const KNOWN_WORD_MIGRATION_MAX = 20_000;

/**
 * A mark is sent at once (the learner sees the story cards change and expects another device to
 * agree); when that fails it stays queued and is retried, sent when the browser comes online,
 * and by beacon when the page goes. Never dropped: a lost undo would leave a word known.
 */
export const KNOWN_WORD_QUEUE: QueuePolicy = {
  size: 1,
  intervalMs: 15_000,
  maxWaitMs: 15_000,
  hardFlush: 20,
  dropAfterMs: null,
  minGapMs: 0,
  retries: 3,
  backoffBaseMs: 1_000,
  backoffCapMs: 10_000,
};
