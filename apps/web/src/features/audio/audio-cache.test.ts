import { describe, expect, it } from 'vitest';
import { mapStore } from '../../lib/map-store.test-helper';
import {
  AudioCache,
  type AudioCacheRecord,
  CacheUnsupportedError,
  type KeyValueStore,
} from './audio-cache';
import { AudioLoadError, loadAudio, type SourceDeps, timingUrl } from './audio-source';

const DAY = 24 * 60 * 60 * 1000;
const limits = { maxBytes: 1000, maxAgeMs: 30 * DAY, trimToFraction: 0.8 };

function record(id: string, size: number, timestamp: number): AudioCacheRecord {
  return {
    id,
    storyId: Number(id.split('-')[0]),
    language: 'de',
    voice: 'Amala',
    audioData: new Blob(['x'.repeat(size)]),
    textHash: 'v1',
    timestamp,
    size,
    duration: 10,
    sentences: [],
  };
}

describe('the audio cache', () => {
  it('finds a file by id and text version only', async () => {
    const cache = new AudioCache(mapStore(), limits);
    await cache.put(record('1-de-amala', 100, 0), 0);
    expect((await cache.get('1-de-amala', 'v1', 1))?.size).toBe(100);
    expect(await cache.get('1-de-amala', 'v2', 1)).toBeNull();
    expect(await cache.get('2-de-amala', 'v1', 1)).toBeNull();
  });

  it('forgets a file older than 30 days', async () => {
    const store = mapStore();
    const cache = new AudioCache(store, limits);
    await cache.put(record('1-de-amala', 100, 0), 0);
    expect(await cache.get('1-de-amala', 'v1', 30 * DAY)).not.toBeNull();
    expect(await cache.get('1-de-amala', 'v1', 30 * DAY + 1)).toBeNull();
    expect(store.map.size).toBe(0);
  });

  it('drops the oldest files down to 80 % when a new one does not fit', async () => {
    const cache = new AudioCache(mapStore(), limits);
    await cache.put(record('1-de-amala', 300, 1), 1);
    await cache.put(record('2-de-amala', 300, 2), 2);
    await cache.put(record('3-de-amala', 300, 3), 3);
    expect(await cache.size()).toBe(900);
    await cache.put(record('4-de-amala', 300, 4), 4);
    // 900 + 300 > 1000: the oldest go until 800 − 300 = 500 bytes are left for the others.
    expect((await cache.records()).map((meta) => meta.id).sort()).toEqual([
      '3-de-amala',
      '4-de-amala',
    ]);
    expect(await cache.size()).toBe(600);
  });

  it('replaces a file of the same id without counting it twice', async () => {
    const cache = new AudioCache(mapStore(), limits);
    await cache.put(record('1-de-amala', 600, 1), 1);
    await cache.put({ ...record('1-de-amala', 700, 2), textHash: 'v2' }, 2);
    expect(await cache.size()).toBe(700);
    expect(await cache.get('1-de-amala', 'v2', 3)).not.toBeNull();
  });

  it('says IndexedDB is not supported when there is no store', async () => {
    const cache = new AudioCache(null, limits);
    await expect(cache.get('1-de-amala', 'v1')).rejects.toThrow(CacheUnsupportedError);
    await expect(cache.get('1-de-amala', 'v1')).rejects.toThrow('IndexedDB not supported');
  });
});

describe('loading a story’s audio', () => {
  const request = {
    storyId: 1,
    language: 'de',
    voice: 'Amala' as const,
    speed: 1,
    url: '/audio/1/de-amala.mp3?v=abc',
  };
  const timing = { duration: 4, sentences: [{ start: 0, end: 2, from: 0, to: 10 }] };

  function deps(answers: Record<string, () => Response>, store: KeyValueStore | null = mapStore()) {
    const asked: string[] = [];
    const unsupported: string[] = [];
    const value: SourceDeps = {
      cache: new AudioCache(store, limits),
      fetch: async (input) => {
        const url = String(input);
        asked.push(url);
        const answer = answers[new URL(url).pathname];
        if (!answer) throw new TypeError('Failed to fetch');
        return answer();
      },
      online: () => true,
      onCacheUnsupported: () => unsupported.push('idb'),
    };
    return { value, asked, unsupported };
  }
  const signal = new AbortController().signal;

  it('names the timing file beside the audio, same version', () => {
    expect(timingUrl(new URL('http://x/audio/1/de-amala.mp3?v=abc'))).toBe(
      'http://x/audio/1/de-amala.json?v=abc',
    );
  });

  it('fetches the file and its timings once, then serves both from the device', async () => {
    const { value, asked } = deps({
      '/audio/1/de-amala.mp3': () =>
        new Response('mp3', { headers: { 'Content-Type': 'audio/mpeg' } }),
      '/audio/1/de-amala.json': () => Response.json(timing),
    });
    const first = await loadAudio(request, value, signal);
    expect(first).toMatchObject({ fromCache: false, duration: 4, sentences: timing.sentences });
    expect(first.blob?.size).toBe(3);
    const again = await loadAudio(request, value, signal);
    expect(again).toMatchObject({ fromCache: true, sentences: timing.sentences });
    expect(asked).toHaveLength(2);
  });

  it('fetches again when the story’s text changed (another version)', async () => {
    const { value, asked } = deps({
      '/audio/1/de-amala.mp3': () => new Response('mp3'),
      '/audio/1/de-amala.json': () => Response.json(timing),
    });
    await loadAudio(request, value, signal);
    await loadAudio({ ...request, url: '/audio/1/de-amala.mp3?v=new' }, value, signal);
    expect(asked.filter((url) => url.includes('.mp3'))).toHaveLength(2);
  });

  it('answers 404 with the not-found error', async () => {
    const { value } = deps({ '/audio/1/de-amala.mp3': () => new Response('', { status: 404 }) });
    await expect(loadAudio(request, value, signal)).rejects.toEqual(
      new AudioLoadError('not-found'),
    );
  });

  it('streams when the fetch fails while online, and is a network error offline', async () => {
    const { value } = deps({});
    const streamed = await loadAudio(request, value, signal);
    expect(streamed).toMatchObject({ blob: null, fromCache: false });
    expect(streamed.streamUrl).toMatch(/\/audio\/1\/de-amala\.mp3\?v=abc$/);
    await expect(loadAudio(request, { ...value, online: () => false }, signal)).rejects.toEqual(
      new AudioLoadError('media-network'),
    );
  });

  it('plays without timings when the timing file is missing', async () => {
    const { value } = deps({ '/audio/1/de-amala.mp3': () => new Response('mp3') });
    expect((await loadAudio(request, value, signal)).sentences).toEqual([]);
  });

  it('works without IndexedDB, saying so once per load', async () => {
    const { value, unsupported } = deps(
      {
        '/audio/1/de-amala.mp3': () => new Response('mp3'),
        '/audio/1/de-amala.json': () => Response.json(timing),
      },
      null,
    );
    const loaded = await loadAudio(request, value, signal);
    expect(loaded.blob?.size).toBe(3);
    expect(unsupported.length).toBeGreaterThan(0);
  });

  it('refuses an address that is not http(s)', async () => {
    const { value } = deps({});
    await expect(
      loadAudio({ ...request, url: 'data:audio/mpeg;base64,AAAA' }, value, signal),
    ).rejects.toEqual(new AudioLoadError('invalid-url'));
  });
});
