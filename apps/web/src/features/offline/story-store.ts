import type { Level } from '@lesefuchs/core/content/taxonomy';
import { indexedDbKeyValueStore, type KeyValueStore } from '../audio/audio-cache';
import type { StoryDetail } from '../stories/stories-api';

// Stories kept on the device so they open offline: every story the learner opened (the most
// recent ones, see OPENED_LIMIT) and every story saved for offline on purpose (until removed).
// As in the audio cache, the small records and the stories are stored under separate keys, so
// the list of what is saved reads no story text.

/** What the device holds of a story, without the story itself. */
export interface StoredStoryMeta {
  id: number;
  titleDe: string;
  titleEn: string;
  difficulty: Level;
  /** When it was stored (opened or saved), ms since the epoch. */
  storedAt: number;
  /** Saved for offline on purpose: kept until the learner removes it. */
  kept: boolean;
  /** Size of the stored story (JSON), bytes. */
  bytes: number;
  /** The server's last change of the story, to tell a stored copy from a newer one. */
  updatedAt: string;
}

/** Stories opened but not saved on purpose that the device keeps, the most recent first. */
export const OPENED_LIMIT = 40;

const metaKey = (id: number) => `meta:${id}`;
const dataKey = (id: number) => `data:${id}`;

const byteSize = (detail: StoryDetail) => new Blob([JSON.stringify(detail)]).size;

export class StoryStore {
  constructor(
    private readonly store: KeyValueStore | null,
    private readonly openedLimit = OPENED_LIMIT,
  ) {}

  /** Whether the device can keep stories at all (it has IndexedDB). */
  get supported(): boolean {
    return this.store !== null;
  }

  /** A stored story, or null. */
  async get(id: number): Promise<StoryDetail | null> {
    if (!this.store) return null;
    return (await this.store.get<StoryDetail>(dataKey(id))) ?? null;
  }

  /** What is stored, the most recent first. */
  async list(): Promise<StoredStoryMeta[]> {
    if (!this.store) return [];
    const metaKeys = (await this.store.keys()).filter((key) => key.startsWith('meta:'));
    const metas = await this.store.getMany<StoredStoryMeta>(metaKeys);
    return metas
      .filter((meta): meta is StoredStoryMeta => meta !== undefined)
      .sort((a, b) => b.storedAt - a.storedAt);
  }

  /**
   * Stores a story. `kept` marks it saved on purpose; an opened story stays kept if it was, and
   * the oldest opened stories beyond the limit are dropped.
   */
  async put(detail: StoryDetail, options: { kept: boolean; now?: number }): Promise<void> {
    if (!this.store) return;
    const { story } = detail;
    const previous = await this.store.get<StoredStoryMeta>(metaKey(story.id));
    const meta: StoredStoryMeta = {
      id: story.id,
      titleDe: story.titleDe,
      titleEn: story.titleEn,
      difficulty: story.difficulty,
      storedAt: options.now ?? Date.now(),
      kept: options.kept || previous?.kept === true,
      bytes: byteSize(detail),
      updatedAt: story.updatedAt,
    };
    await this.store.set(dataKey(story.id), detail);
    await this.store.set(metaKey(story.id), meta);
    if (!meta.kept) await this.trimOpened();
  }

  /** Removes a story from the device. */
  async remove(id: number): Promise<void> {
    if (!this.store) return;
    await this.store.del(metaKey(id));
    await this.store.del(dataKey(id));
  }

  private async trimOpened(): Promise<void> {
    const opened = (await this.list()).filter((meta) => !meta.kept);
    for (const meta of opened.slice(this.openedLimit)) await this.remove(meta.id);
  }
}

let shared: StoryStore | null = null;

/** The app's one story store (created on first use). */
export function storyStore(): StoryStore {
  shared ??= new StoryStore(indexedDbKeyValueStore('lesefuchs-stories', 'stories'));
  return shared;
}
