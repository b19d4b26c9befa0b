import type { KnownWordChange } from '@lesefuchs/core/reading/known-words';
import { KNOWN_WORD_QUEUE, KNOWN_WORD_SYNC_TYPE } from '@lesefuchs/core/reading/known-words-policy';
import type { SyncResponse } from '@lesefuchs/core/sync/operations';
import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { readerOwner } from '../../lib/owners';
import { SyncQueue } from '../../lib/sync-queue';

// The learner's known words: the entries they marked known ("I know this", undoable) and, for a
// signed-in learner, the entries of their flashcards past learning. A mark shows at once and is
// kept on the device; a signed-in learner's mark also goes through a sync queue (sent at once,
// kept while offline, sent by beacon when the page goes), and the server's list replaces the
// device's whenever it loads, with the marks still queued applied on top. A guest's marks stay
// on the device and are added to the account at sign-in.

const ENDPOINT = '/api/known-words';
/** How long a run of flashcard reviews may go on before the known words are read again. */
const REFRESH_SOON_MS = 3_000;

export interface KnownWords {
  /** Marked known: entry id → when (ms since epoch). */
  marked: ReadonlyMap<number, number>;
  /** Entries whose flashcard is past learning. */
  fromCards: readonly number[];
  /** Everything known: what coverage counts. A new object whenever it changes. */
  known: ReadonlySet<number>;
}

interface Stored {
  marked: [number, number][];
  fromCards: number[];
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function snapshotOf(marked: ReadonlyMap<number, number>, fromCards: readonly number[]): KnownWords {
  const known = new Set(marked.keys());
  for (const id of fromCards) known.add(id);
  return { marked, fromCards, known };
}

const EMPTY = snapshotOf(new Map(), []);

function apply(marked: ReadonlyMap<number, number>, change: KnownWordChange): Map<number, number> {
  const next = new Map(marked);
  if (change.action === 'add') {
    if (!next.has(change.vocabularyId)) next.set(change.vocabularyId, change.at ?? Date.now());
  } else next.delete(change.vocabularyId);
  return next;
}

class KnownWordsStore {
  private owner: string | null = null;
  private state: KnownWords = EMPTY;
  private queue: SyncQueue<KnownWordChange> | null = null;
  private readonly listeners = new Set<() => void>();
  private loadedOwner: string | undefined;
  /** Marks made before the session check answered, made for the owner it names. */
  private early: KnownWordChange[] = [];
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;

  private keyOf(owner: string | null) {
    return `lesefuchs.knownWords.${owner ?? 'guest'}`;
  }

  private readLocal(owner: string | null): KnownWords {
    try {
      const parsed = JSON.parse(localStorage.getItem(this.keyOf(owner)) ?? 'null') as Stored | null;
      if (!parsed) return EMPTY;
      const marked = new Map(
        (Array.isArray(parsed.marked) ? parsed.marked : []).filter(
          (pair): pair is [number, number] =>
            Array.isArray(pair) && isId(pair[0]) && typeof pair[1] === 'number',
        ),
      );
      const fromCards = Array.isArray(parsed.fromCards) ? parsed.fromCards.filter(isId) : [];
      return snapshotOf(marked, fromCards);
    } catch {
      return EMPTY;
    }
  }

  private set(marked: ReadonlyMap<number, number>, fromCards: readonly number[]): void {
    this.state = snapshotOf(marked, fromCards);
    try {
      if (this.loadedOwner !== undefined) {
        const stored: Stored = { marked: [...marked], fromCards: [...fromCards] };
        localStorage.setItem(this.keyOf(this.owner), JSON.stringify(stored));
      }
    } catch {
      // Storage full: the marks still count for this visit.
    }
    for (const listener of this.listeners) listener();
  }

  /** Switches to a signed-in learner (or the guest) and loads their known words. */
  setOwner(owner: string | null): void {
    if (this.loadedOwner === (owner ?? '')) return;
    this.loadedOwner = owner ?? '';
    this.queue?.stop();
    this.queue = null;
    this.owner = owner;
    this.state = this.readLocal(owner);
    for (const listener of this.listeners) listener();
    if (!owner) {
      this.replayEarly();
      return;
    }
    this.queue = new SyncQueue<KnownWordChange>({
      type: KNOWN_WORD_SYNC_TYPE,
      policy: KNOWN_WORD_QUEUE,
      storageKey: `lesefuchs.queue.${KNOWN_WORD_SYNC_TYPE}.${owner}`,
      send: (request) => api<SyncResponse>('/api/sync', { method: 'POST', body: request }),
    });
    this.queue.start();
    this.replayEarly();
    void this.migrateGuestMarks().finally(() => void this.refresh());
  }

  private replayEarly(): void {
    const early = this.early;
    this.early = [];
    for (const change of early) this.change(change);
  }

  /** A guest's marks are added to the account's (marking twice changes nothing). */
  private async migrateGuestMarks(): Promise<void> {
    const guest = this.readLocal(null);
    if (guest.marked.size === 0) return;
    try {
      await api(`${ENDPOINT}/migrate`, {
        method: 'POST',
        body: { vocabularyIds: [...guest.marked.keys()] },
      });
      localStorage.removeItem(this.keyOf(null));
    } catch {
      // Offline: they wait for the next sign-in.
    }
  }

  /** Loads the server's list; marks still queued here are applied on top. */
  async refresh(): Promise<void> {
    const owner = this.owner;
    if (!owner) return;
    try {
      const body = await api<{
        marked: { vocabularyId: number; at: string }[];
        fromCards: number[];
      }>(ENDPOINT, { timeoutMs: 8_000 });
      if (this.owner !== owner) return;
      let marked = new Map(body.marked.map((row) => [row.vocabularyId, Date.parse(row.at)]));
      for (const item of this.queue?.pending ?? []) marked = apply(marked, item.payload);
      this.set(marked, body.fromCards);
    } catch {
      // Offline or failing: the device's list stays.
    }
  }

  /**
   * A refresh a little later, once: a flashcard session announces every review, and one list
   * after a run of them is enough.
   */
  refreshSoon = (): void => {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.refresh();
    }, REFRESH_SOON_MS);
  };

  /** A mark or its undo, shown at once and queued for the server when signed in. */
  change(change: KnownWordChange): void {
    this.set(apply(this.state.marked, change), this.state.fromCards);
    if (this.loadedOwner === undefined) this.early.push(change);
    else this.queue?.enqueue(change);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.state;
}

export const knownWordsStore = new KnownWordsStore();

// Whoever the layout says is signed in, from the moment this module loads (lib/owners.ts).
readerOwner.follow((owner) => knownWordsStore.setOwner(owner));

/** Marks an entry known. */
export function markKnown(vocabularyId: number): void {
  knownWordsStore.change({ action: 'add', vocabularyId, at: Date.now() });
}

/** Takes a mark back. */
export function unmarkKnown(vocabularyId: number): void {
  knownWordsStore.change({ action: 'remove', vocabularyId });
}

export type KnownMark = 'marked' | 'from-cards' | null;

/**
 * How one entry is known: marked, known from the flashcards, or not. A component that shows one
 * word (a list's button) draws again when its own mark changes, not on every mark on the page.
 */
export function useKnownMark(entryId: number): KnownMark {
  const mark = (): KnownMark => {
    const { marked, fromCards } = knownWordsStore.snapshot();
    if (marked.has(entryId)) return 'marked';
    return fromCards.includes(entryId) ? 'from-cards' : null;
  };
  return useSyncExternalStore(knownWordsStore.subscribe, mark, () => null);
}

/** The learner's known words, following every change. */
export function useKnownWords(): KnownWords {
  return useSyncExternalStore(knownWordsStore.subscribe, knownWordsStore.snapshot, () => EMPTY);
}
