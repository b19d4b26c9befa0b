import { AUDIO_CACHE } from '@lesefuchs/core/audio/audio';
import { createStore, del, get, getMany, keys, set } from 'idb-keyval';
import type { AudioVoice, TimedSentence } from './types';

// Audio files kept on the device (spec 2 §3 "Audio cache record", §9): by story, language and
// voice, at most 100 MB, each for 30 days, the oldest dropped down to 80 % when a new file
// does not fit. The small records and the files are stored under separate keys so that
// trimming reads the sizes without touching the files.

/** An audio file on the device with what is known about it. */
export interface AudioCacheRecord {
  id: string;
  storyId: number;
  language: string;
  voice: AudioVoice;
  audioData: Blob;
  /** The version of the text the file speaks (the URL's `v`), so a changed story is fetched anew. */
  textHash: string;
  timestamp: number;
  size: number;
  duration: number;
  sentences: TimedSentence[];
}

type RecordMeta = Omit<AudioCacheRecord, 'audioData'>;

/** The few key-value calls the cache needs; IndexedDB in the app, a map in tests. */
export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  getMany<T>(keys: string[]): Promise<(T | undefined)[]>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** Thrown when the device has no IndexedDB; the player then streams the file. */
export class CacheUnsupportedError extends Error {
  constructor() {
    super('IndexedDB not supported');
  }
}

export const audioCacheId = (storyId: number, language: string, voice: AudioVoice) =>
  `${storyId}-${language.toLowerCase()}-${voice.toLowerCase()}`;

const metaKey = (id: string) => `meta:${id}`;
const dataKey = (id: string) => `data:${id}`;

export class AudioCache {
  constructor(
    private readonly store: KeyValueStore | null,
    private readonly limits: {
      maxBytes: number;
      maxAgeMs: number;
      trimToFraction: number;
    } = AUDIO_CACHE,
  ) {}

  private kv(): KeyValueStore {
    if (!this.store) throw new CacheUnsupportedError();
    return this.store;
  }

  /** The file for this id and text version, or null (missing, another version, or too old). */
  async get(id: string, textHash: string, now = Date.now()): Promise<AudioCacheRecord | null> {
    const kv = this.kv();
    const meta = await kv.get<RecordMeta>(metaKey(id));
    if (!meta) return null;
    if (now - meta.timestamp > this.limits.maxAgeMs) {
      await this.remove(id);
      return null;
    }
    if (meta.textHash !== textHash) return null;
    const audioData = await kv.get<Blob>(dataKey(id));
    if (!audioData) {
      await kv.del(metaKey(id));
      return null;
    }
    return { ...meta, audioData };
  }

  /** Keeps a file, first dropping expired files and, when it would not fit, the oldest. */
  async put(record: AudioCacheRecord, now = Date.now()): Promise<void> {
    const kv = this.kv();
    if (record.size > this.limits.maxBytes) return;
    const others = (await this.records()).filter((meta) => meta.id !== record.id);
    const live: RecordMeta[] = [];
    for (const meta of others) {
      if (now - meta.timestamp > this.limits.maxAgeMs) await this.remove(meta.id);
      else live.push(meta);
    }
    let total = live.reduce((sum, meta) => sum + meta.size, 0);
    if (total + record.size > this.limits.maxBytes) {
      const target = this.limits.maxBytes * this.limits.trimToFraction - record.size;
      for (const meta of live.sort((a, b) => a.timestamp - b.timestamp)) {
        if (total <= target) break;
        await this.remove(meta.id);
        total -= meta.size;
      }
    }
    const { audioData, ...meta } = record;
    await kv.set(dataKey(record.id), audioData);
    await kv.set(metaKey(record.id), meta);
  }

  async remove(id: string): Promise<void> {
    const kv = this.kv();
    await kv.del(metaKey(id));
    await kv.del(dataKey(id));
  }

  /** The records on the device, without their files. */
  async records(): Promise<RecordMeta[]> {
    const kv = this.kv();
    const metaKeys = (await kv.keys()).filter((key) => key.startsWith('meta:'));
    const metas = await kv.getMany<RecordMeta>(metaKeys);
    return metas.filter((meta): meta is RecordMeta => meta !== undefined);
  }

  /** Bytes the cache holds. */
  async size(): Promise<number> {
    return (await this.records()).reduce((sum, meta) => sum + meta.size, 0);
  }
}

/** An IndexedDB database of the device as a key-value store, or null when the browser has none. */
export function indexedDbKeyValueStore(database: string, table: string): KeyValueStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const store = createStore(database, table);
  return {
    get: (key) => get(key, store),
    getMany: (many) => getMany(many, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
  };
}

/** The device's IndexedDB as the cache's store, or null when the browser has none. */
export const indexedDbStore = () => indexedDbKeyValueStore('lesefuchs-audio', 'files');
