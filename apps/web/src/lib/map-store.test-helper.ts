import type { KeyValueStore } from '../features/audio/audio-cache';

/** A key-value store in a Map, standing in for IndexedDB in unit tests. */
export function mapStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async <T>(key: string) => map.get(key) as T | undefined,
    getMany: async <T>(keys: string[]) => keys.map((key) => map.get(key) as T | undefined),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  };
}
