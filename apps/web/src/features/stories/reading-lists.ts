import type { ReadingChange } from '@lesefuchs/core/reading/reading';
import type { SyncResponse } from '@lesefuchs/core/sync/operations';
import {
  BOOKMARK_QUEUE,
  COMPLETION_QUEUE,
  type QueuePolicy,
} from '@lesefuchs/core/sync/queue-policy';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { readerOwner } from '../../lib/owners';
import { SyncQueue } from '../../lib/sync-queue';
import { recordActivity } from '../stats/streak-store';

// Read stories and bookmarks (spec 2 §4). A change shows at once and is kept on the device; a
// signed-in user's change also goes through a sync queue (bookmarks: 5 items / 15 s / 45 s;
// read stories: at once), survives reloads and offline time, and is sent by beacon when the
// page goes. The server's list replaces the device's whenever it loads, with the changes still
// queued applied on top. Guests keep both lists on the device, and bring them along at sign-in
// when the account has none.

export type ReadingListName = 'bookmarks' | 'completions';

export interface ReadingEntry {
  storyId: number;
  /** When it was bookmarked or read (ms since epoch). */
  at: number;
}

const ENDPOINT: Record<ReadingListName, string> = {
  bookmarks: '/api/bookmarks',
  completions: '/api/reading/completions',
};
const POLICY: Record<ReadingListName, QueuePolicy> = {
  bookmarks: BOOKMARK_QUEUE,
  completions: COMPLETION_QUEUE,
};

const EMPTY: readonly ReadingEntry[] = [];

function apply(entries: readonly ReadingEntry[], change: ReadingChange): ReadingEntry[] {
  switch (change.action) {
    case 'add':
      return entries.some((entry) => entry.storyId === change.storyId)
        ? [...entries]
        : [{ storyId: change.storyId, at: change.at ?? Date.now() }, ...entries];
    case 'remove':
      return entries.filter((entry) => entry.storyId !== change.storyId);
    case 'clear':
      return [];
  }
}

class ReadingListStore {
  private owner: string | null = null;
  private entries: readonly ReadingEntry[] = EMPTY;
  private queue: SyncQueue<ReadingChange> | null = null;
  private readonly listeners = new Set<() => void>();
  private loadedOwner: string | undefined;
  /** Changes made before the session check answered, applied to the owner it names. */
  private early: ReadingChange[] = [];

  constructor(private readonly list: ReadingListName) {}

  private keyOf(owner: string | null) {
    return `lesefuchs.reading.${this.list}.${owner ?? 'guest'}`;
  }

  private readLocal(owner: string | null): ReadingEntry[] {
    try {
      const parsed = JSON.parse(localStorage.getItem(this.keyOf(owner)) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter(
            (entry): entry is ReadingEntry =>
              Number.isInteger(entry?.storyId) && entry.storyId > 0 && typeof entry.at === 'number',
          )
        : [];
    } catch {
      return [];
    }
  }

  private set(entries: readonly ReadingEntry[]): void {
    this.entries = [...entries].sort((a, b) => b.at - a.at);
    try {
      // Whose list it is may not be known yet (see change): then it is kept until it is.
      if (this.loadedOwner !== undefined)
        localStorage.setItem(this.keyOf(this.owner), JSON.stringify(this.entries));
    } catch {
      // Storage full: the list still shows for this visit.
    }
    for (const listener of this.listeners) listener();
  }

  /** Switches to a signed-in user (or the guest) and loads their list. */
  setOwner(owner: string | null): void {
    if (this.loadedOwner === (owner ?? '')) return;
    this.loadedOwner = owner ?? '';
    this.queue?.stop();
    this.queue = null;
    this.owner = owner;
    this.entries = this.readLocal(owner);
    for (const listener of this.listeners) listener();
    if (!owner) {
      this.replayEarly();
      return;
    }
    this.queue = new SyncQueue<ReadingChange>({
      type: this.list,
      policy: POLICY[this.list],
      storageKey: `lesefuchs.queue.${this.list}.${owner}`,
      send: (request) => api<SyncResponse>('/api/sync', { method: 'POST', body: request }),
    });
    this.queue.start();
    this.replayEarly();
    void this.migrateGuestList().finally(() => void this.refresh());
  }

  /** The changes made before the owner was known, now made for them (queued when signed in). */
  private replayEarly(): void {
    const early = this.early;
    this.early = [];
    for (const change of early) this.change(change);
  }

  private async migrateGuestList(): Promise<void> {
    const guest = this.readLocal(null);
    if (guest.length === 0) return;
    try {
      const { migrated } = await api<{ migrated: number }>(`${ENDPOINT[this.list]}/migrate`, {
        method: 'POST',
        body: { entries: guest.map((entry) => ({ storyId: entry.storyId, at: entry.at })) },
      });
      // Taken or not (the account already had a list), the guest's copy has done its job.
      if (migrated >= 0) localStorage.removeItem(this.keyOf(null));
    } catch {
      // Offline: try again at the next sign-in.
    }
  }

  /** Loads the server's list; changes still queued here are applied on top. */
  async refresh(): Promise<void> {
    const owner = this.owner;
    if (!owner) return;
    try {
      const { entries } = await api<{ entries: { storyId: number; at: string }[] }>(
        ENDPOINT[this.list],
        { timeoutMs: 8_000 },
      );
      if (this.owner !== owner) return;
      let merged: ReadingEntry[] = entries.map((entry) => ({
        storyId: entry.storyId,
        at: Date.parse(entry.at),
      }));
      for (const item of this.queue?.pending ?? []) merged = apply(merged, item.payload);
      this.set(merged);
    } catch {
      // Offline or failing: the device's list stays (spec 2 §8).
    }
  }

  /**
   * A change, shown at once. Before the session check has answered (a tap on a page that came
   * up first), it waits to be made for the owner the check names, rather than for the guest.
   */
  change(change: ReadingChange): void {
    this.set(apply(this.entries, change));
    if (this.loadedOwner === undefined) this.early.push(change);
    else this.queue?.enqueue(change);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.entries;

  get currentOwner() {
    return this.owner;
  }
}

export const readingLists: Record<ReadingListName, ReadingListStore> = {
  bookmarks: new ReadingListStore('bookmarks'),
  completions: new ReadingListStore('completions'),
};

// Whoever the layout says is signed in, from the moment this module loads (lib/owners.ts).
readerOwner.follow((owner) => {
  readingLists.bookmarks.setOwner(owner);
  readingLists.completions.setOwner(owner);
});

/** A reading list and its changes, following every change made on this device. */
export function useReadingList(list: ReadingListName) {
  const store = readingLists[list];
  const entries = useSyncExternalStore(store.subscribe, store.snapshot, () => EMPTY);
  const has = useCallback(
    (storyId: number) => entries.some((entry) => entry.storyId === storyId),
    [entries],
  );
  const add = useCallback(
    (storyId: number) => {
      if (entries.some((entry) => entry.storyId === storyId)) return;
      store.change({ action: 'add', storyId, at: Date.now() });
      // Reading a story is an activity of the day (spec 2 §4 → streak, spec 1 §4).
      if (list === 'completions') recordActivity(store.currentOwner);
    },
    [entries, store, list],
  );
  const remove = useCallback(
    (storyId: number) => store.change({ action: 'remove', storyId }),
    [store],
  );
  const toggle = useCallback(
    (storyId: number) => (has(storyId) ? remove(storyId) : add(storyId)),
    [has, add, remove],
  );
  const clear = useCallback(() => store.change({ action: 'clear' }), [store]);
  return { entries, has, add, remove, toggle, clear };
}
