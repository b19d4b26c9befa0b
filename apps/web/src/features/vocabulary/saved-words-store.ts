import type { SavedWordChange } from '@lesefuchs/core/reading/saved-words';
import type { SyncResponse } from '@lesefuchs/core/sync/operations';
import { SAVED_WORD_QUEUE } from '@lesefuchs/core/sync/queue-policy';
import { validateInput } from '@lesefuchs/core/validation/input';
import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import i18n from '../../lib/i18n';
import { readerOwner } from '../../lib/owners';
import { SyncQueue } from '../../lib/sync-queue';
import type { VocabularyEntry } from '../stories/stories-api';
import { checkRateLimit, type RateNotice } from './rate-limit-store';
import {
  fromEntry,
  fromRow,
  mergeWithServer,
  REMOVAL_GRACE_MS,
  type SavedWord,
  type SavedWordRow,
  type SaveSource,
  sameWord,
  sweepTemporary,
  TEMP_SWEEP_EVERY_MS,
} from './saved-words-model';
import '../../texts/vocabulary';

// Saved words (spec 2 §4). A save shows at once: for a guest it stays on the device; for a
// signed-in user it is a temporary word, queued on the device and sent in the background at
// once, or, when the learner is rate-limited or degraded, with the batch queue's timing (8
// items / 20 s / 60 s / 20). Queued changes survive reloads and offline time, and are sent by
// beacon when the page goes. A removal is immediate and
// opens a 45 s window in which the server's copy of the word is not shown again.

const ENDPOINT = '/api/saved-words';

interface State {
  owner: string | null;
  words: readonly SavedWord[];
  notice: RateNotice | null;
}

let state: State = { owner: null, words: [], notice: null };
let loadedOwner: string | undefined;
/** What the learner did before the session check answered, done for the owner it names. */
let early: (() => void)[] = [];
let queue: SyncQueue<SavedWordChange> | null = null;
let sweepTimer: ReturnType<typeof setInterval> | null = null;
let guestCounter = 0;
const removedAt = new Map<number, number>();
const listeners = new Set<() => void>();

const keyOf = (owner: string | null) => `lesefuchs.savedWords.${owner ?? 'guest'}`;
const DAILY_KEY = (owner: string) => `lesefuchs.savedWords.dailySync.${owner}`;

function readLocal(owner: string | null): SavedWord[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(owner)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedWord[]) : [];
  } catch {
    return [];
  }
}

function setState(change: Partial<State>): void {
  state = { ...state, ...change };
  if (change.words) {
    try {
      localStorage.setItem(keyOf(state.owner), JSON.stringify(state.words));
    } catch {
      // Storage full: the list still shows for this visit.
    }
  }
  for (const listener of listeners) listener();
}

const queuedVocabularyIds = () =>
  new Set(
    (queue?.pending ?? [])
      .map((item) => (item.payload.action === 'save' ? item.payload.vocabularyId : undefined))
      .filter((id): id is number => id !== undefined),
  );

function replayEarly(): void {
  const pending = early;
  early = [];
  for (const action of pending) action();
}

/** Switches to a signed-in user (or the guest) and loads their words. */
export function setSavedWordsOwner(owner: string | null): void {
  if (loadedOwner === (owner ?? '')) return;
  loadedOwner = owner ?? '';
  queue?.stop();
  queue = null;
  if (sweepTimer) clearInterval(sweepTimer);
  state = { owner, words: readLocal(owner), notice: null };
  for (const listener of listeners) listener();
  sweepTimer = setInterval(() => {
    const queued = queuedVocabularyIds();
    const swept = sweepTemporary(state.words, Date.now(), (word) => queued.has(word.vocabularyId));
    if (swept.length !== state.words.length) setState({ words: swept });
  }, TEMP_SWEEP_EVERY_MS);
  if (!owner) {
    replayEarly();
    return;
  }
  queue = new SyncQueue<SavedWordChange>({
    type: 'vocabulary',
    policy: SAVED_WORD_QUEUE,
    storageKey: `lesefuchs.queue.vocabulary.${owner}`,
    send: (request) => api<SyncResponse>('/api/sync', { method: 'POST', body: request }),
    // A save the server refuses for good (an entry that does not exist): its temporary word goes,
    // and the learner is told why it is gone.
    onRejected: (items) => {
      const saves = items.filter((item) => item.payload.action === 'save');
      const refused = new Set(
        saves.map((item) => (item.payload.action === 'save' ? item.payload.vocabularyId : 0)),
      );
      setState({
        words: state.words.filter((word) => !(word.isTemporary && refused.has(word.vocabularyId))),
        ...(saves.length > 0 && {
          notice: {
            message: i18n.t('vocabulary.screen.notSaved', {
              count: saves.length,
              reason: saves[0]?.reason,
            }),
          },
        }),
      });
    },
  });
  queue.start();
  replayEarly();
  void migrateGuestWords().finally(() => {
    void reloadSavedWords();
    dailySync(owner);
  });
}

/** Once per calendar day, whatever is queued is sent (spec 2 §4). */
function dailySync(owner: string): void {
  const today = new Date().toDateString();
  if (localStorage.getItem(DAILY_KEY(owner)) === today) return;
  localStorage.setItem(DAILY_KEY(owner), today);
  void queue?.flushNow();
}

async function migrateGuestWords(): Promise<void> {
  const guest = readLocal(null);
  if (guest.length === 0) return;
  try {
    await api(`${ENDPOINT}/migrate`, {
      method: 'POST',
      body: {
        words: guest.map((word) => ({
          vocabularyId: word.vocabularyId,
          storyId: word.storyId ?? undefined,
          contextSentence: word.contextSentence ?? undefined,
          at: word.dateAdded,
        })),
      },
    });
    localStorage.removeItem(keyOf(null));
  } catch {
    // Offline: the guest's words wait for the next sign-in.
  }
}

/** Loads the server's list and merges it with this device's (spec 2 §4). */
export async function reloadSavedWords(): Promise<void> {
  const owner = state.owner;
  if (!owner) return;
  try {
    const { words } = await api<{ words: SavedWordRow[] }>(ENDPOINT, { timeoutMs: 8_000 });
    if (state.owner !== owner) return;
    setState({ words: mergeWithServer(state.words, words.map(fromRow), removedAt, Date.now()) });
  } catch {
    // Offline or failing: the device's list stays.
  }
}

/**
 * Queues a change (kept on the device until the server has it, and sent by beacon if the page
 * goes) and, unless the learner is rate-limited or degraded, sends it at once; otherwise it
 * waits for the batch queue's own timing (8 items, 20 s, 60 s).
 */
function send(change: SavedWordChange, batchOnly: boolean): void {
  if (!queue) return;
  queue.enqueue(change);
  if (batchOnly) return;
  void queue.flushNow().then(() => reloadSavedWords());
}

/**
 * An owner's saved words: the live list when it is theirs, else the copy on the device (a
 * screen can read them before the layout has named the signed-in owner).
 */
export function savedWordsOf(owner: string): readonly SavedWord[] {
  return state.owner === owner ? state.words : readLocal(owner);
}

/** Whether this word (by entry, or by the word without its article) is saved. */
export function isSaved(entry: Pick<VocabularyEntry, 'id' | 'word'>): boolean {
  return state.words.some((word) => sameWord(word, { vocabularyId: entry.id, word: entry.word }));
}

/** Saves a word. Saving a saved word does nothing. */
export function saveWord(
  entry: VocabularyEntry,
  context: { source: SaveSource; storyId?: number; storyTitle?: string; contextSentence?: string },
): void {
  if (loadedOwner === undefined) {
    early.push(() => saveWord(entry, context));
    return;
  }
  if (isSaved(entry)) return;
  const now = Date.now();
  const owner = state.owner;
  if (!owner) {
    guestCounter += 1;
    setState({ words: [fromEntry(entry, `${now}-${guestCounter}`, context, now), ...state.words] });
    return;
  }
  const verdict = checkRateLimit(owner, 'save');
  setState({ notice: verdict.notice });
  if (verdict.blocked) return;
  removedAt.delete(entry.id);
  const temp = `temp-${now}-${Math.random().toString(36).slice(2, 8)}`;
  setState({ words: [fromEntry(entry, temp, context, now), ...state.words] });
  void send(
    {
      action: 'save',
      vocabularyId: entry.id,
      storyId: context.storyId,
      // A context sentence the rules refuse is left out rather than losing the word.
      contextSentence:
        context.contextSentence && validateInput(context.contextSentence, 'sentence').valid
          ? context.contextSentence
          : undefined,
      at: now,
    },
    verdict.batchOnly,
  );
}

/** Removes a word at once; the server's copy stays hidden for 45 s. */
export function removeWord(word: SavedWord): void {
  if (loadedOwner === undefined) {
    early.push(() => removeWord(word));
    return;
  }
  const owner = state.owner;
  setState({ words: state.words.filter((saved) => saved.id !== word.id) });
  if (!owner) return;
  const verdict = checkRateLimit(owner, 'remove');
  setState({ notice: verdict.notice });
  removedAt.set(word.vocabularyId, Date.now());
  setTimeout(() => removedAt.delete(word.vocabularyId), REMOVAL_GRACE_MS + 1_000);
  const id = word.id.startsWith('cloud-') ? Number(word.id.slice('cloud-'.length)) : undefined;
  void send(
    { action: 'remove', id, vocabularyId: word.vocabularyId },
    verdict.batchOnly || verdict.blocked,
  );
}

/** Removes every saved word, here and on the server. */
export function clearWords(): void {
  if (loadedOwner === undefined) {
    early.push(clearWords);
    return;
  }
  const owner = state.owner;
  const now = Date.now();
  for (const word of state.words) removedAt.set(word.vocabularyId, now);
  localStorage.removeItem(keyOf(owner));
  setState({ words: [] });
  if (!owner) return;
  const verdict = checkRateLimit(owner, 'clear');
  setState({ notice: verdict.notice });
  void send({ action: 'clear' }, verdict.batchOnly || verdict.blocked);
}

export function dismissNotice(): void {
  setState({ notice: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The saved words and the latest rate-limit notice, following every change. */
export function useSavedWords() {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/**
 * The saved word of an entry, or undefined: a component that shows one word (a list's save
 * button) draws again when that word's entry changes, not on every save anywhere on the page.
 */
export function useSavedWord(
  entry: Pick<SavedWord, 'vocabularyId' | 'word'>,
): SavedWord | undefined {
  const find = () => state.words.find((word) => sameWord(word, entry));
  return useSyncExternalStore(subscribe, find, find);
}

// Whoever the layout says is signed in, from the moment this module loads (lib/owners.ts).
readerOwner.follow(setSavedWordsOwner);
