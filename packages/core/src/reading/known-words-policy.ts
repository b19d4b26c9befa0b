import { COMPLETION_QUEUE, type QueuePolicy } from '../sync/queue-policy.ts';

// The numbers of marked-known words, apart from their schemas so that the web app's store does
// not load the validation library.

/** The sync queue type of marked-known words. */
export const KNOWN_WORD_SYNC_TYPE = 'known-words';

/** The most words a guest brings along at sign-in in one request (ids only: 120 KB at most). */
export const KNOWN_WORD_MIGRATION_MAX = 20_000;

/**
 * A mark is sent at once (the learner sees the story cards change and expects another device to
 * agree); when that fails it stays queued and is retried, sent when the browser comes online,
 * and by beacon when the page goes. Never dropped: a lost undo would leave a word known. The
 * same policy as a read story's mark.
 */
export const KNOWN_WORD_QUEUE: QueuePolicy = COMPLETION_QUEUE;
