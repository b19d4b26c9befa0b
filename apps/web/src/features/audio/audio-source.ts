import { credentialsOfRequest, SERVER_ORIGIN } from '../../lib/server';
import { type AudioCache, audioCacheId, CacheUnsupportedError } from './audio-cache';
import type { AudioErrorCode, PlayRequest, TimedSentence } from './types';

// Where a story's audio comes from: the device's cache, else the server as a blob (kept in the
// cache), else the URL streamed by the media element (spec 2 §4). The sentence timings come
// with the file: the timing file beside it on the server, or the cache record.

/** What the player can play. */
export interface LoadedAudio {
  /** The file, when it was fetched or found on the device. */
  blob: Blob | null;
  /** The URL to stream when the file could not be fetched as a whole. */
  streamUrl: string | null;
  sentences: TimedSentence[];
  duration: number;
  fromCache: boolean;
}

/** A load that failed for good, with the error the learner sees. */
export class AudioLoadError extends Error {
  constructor(readonly code: AudioErrorCode) {
    super(code);
  }
}

export interface SourceDeps {
  cache: AudioCache;
  fetch: typeof fetch;
  online: () => boolean;
  /** Told once when the device has no IndexedDB ('IndexedDB not supported'). */
  onCacheUnsupported?: () => void;
}

/**
 * An audio URL the player accepts: the server's paths (the page's own origin on the web, the
 * shell's server in the native shell) and http(s) addresses.
 */
export function parseAudioUrl(
  url: string,
  base = SERVER_ORIGIN ? `${SERVER_ORIGIN}/` : (globalThis.location?.href ?? 'http://localhost/'),
) {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** The version of a file's text: the URL's `v` parameter, or the URL itself. */
export function textVersion(url: URL): string {
  return url.searchParams.get('v') ?? url.pathname;
}

/** The timing file beside an audio file: the same name ending in .json, same version. */
export function timingUrl(url: URL): string {
  const timing = new URL(url.href);
  timing.pathname = timing.pathname.replace(/\.[a-z0-9]+$/i, '.json');
  return timing.href;
}

interface TimingFile {
  duration?: number;
  sentences?: TimedSentence[];
}

async function fetchTiming(deps: SourceDeps, url: URL, signal: AbortSignal): Promise<TimingFile> {
  try {
    const { headers, credentials } = credentialsOfRequest();
    const response = await deps.fetch(timingUrl(url), { headers, credentials, signal });
    if (!response.ok) return {};
    const timing = (await response.json()) as TimingFile;
    return Array.isArray(timing.sentences) ? timing : {};
  } catch {
    // Without timings the audio still plays; only the sentence highlight is missing.
    return {};
  }
}

async function fromCache(deps: SourceDeps, id: string, version: string) {
  try {
    return await deps.cache.get(id, version);
  } catch (error) {
    if (error instanceof CacheUnsupportedError) deps.onCacheUnsupported?.();
    return null;
  }
}

/** Loads the audio of a request that has a valid URL. */
export async function loadAudio(
  request: PlayRequest & { url: string },
  deps: SourceDeps,
  signal: AbortSignal,
): Promise<LoadedAudio> {
  const url = parseAudioUrl(request.url);
  if (!url) throw new AudioLoadError('invalid-url');
  const id = audioCacheId(request.storyId, request.language, request.voice);
  const version = textVersion(url);

  const cached = await fromCache(deps, id, version);
  if (cached) {
    return {
      blob: cached.audioData,
      streamUrl: null,
      sentences: cached.sentences,
      duration: cached.duration,
      fromCache: true,
    };
  }

  let response: Response;
  try {
    const { headers, credentials } = credentialsOfRequest();
    response = await deps.fetch(url.href, { headers, credentials, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    if (!deps.online()) throw new AudioLoadError('media-network');
    // Fetching the whole file failed while online: let the media element stream it.
    const timing = await fetchTiming(deps, url, signal);
    return {
      blob: null,
      streamUrl: url.href,
      sentences: timing.sentences ?? [],
      duration: timing.duration ?? 0,
      fromCache: false,
    };
  }
  if (response.status === 404) throw new AudioLoadError('not-found');
  if (!response.ok) throw new AudioLoadError('default');
  const [blob, timing] = await Promise.all([response.blob(), fetchTiming(deps, url, signal)]);
  const loaded: LoadedAudio = {
    blob,
    streamUrl: null,
    sentences: timing.sentences ?? [],
    duration: timing.duration ?? 0,
    fromCache: false,
  };
  try {
    await deps.cache.put({
      id,
      storyId: request.storyId,
      language: request.language,
      voice: request.voice,
      audioData: blob,
      textHash: version,
      timestamp: Date.now(),
      size: blob.size,
      duration: loaded.duration,
      sentences: loaded.sentences,
    });
  } catch (error) {
    // A full or missing store never stops playback.
    if (error instanceof CacheUnsupportedError) deps.onCacheUnsupported?.();
  }
  return loaded;
}
