import { useSyncExternalStore } from 'react';
import { onStopAudio } from '../../lib/audio-bus';
import { isOnline } from '../../lib/online';
import { AudioCache, indexedDbStore } from './audio-cache';
import { AudioController } from './audio-controller';
import { loadAudio, parseAudioUrl, type SourceDeps } from './audio-source';
import { browserSpeech } from './browser-speech';
import { recordListen } from './listens';
import type { PlayerState, PlayRequest } from './types';
import { decodeWithWebAudio } from './web-audio-media';

// The app's one audio player: an AudioController wired to the browser (an <audio> element, the
// IndexedDB cache, speech synthesis, Web Audio) and to the app-wide stop signal, which route
// changes, page hide, backgrounding and unload send (see app/Layout).

let warnedUnsupported = false;

let cache: AudioCache | null = null;

/** The audio files kept on the device (made on first use). */
export function audioCache(): AudioCache {
  cache ??= new AudioCache(indexedDbStore());
  return cache;
}

const sourceDeps = (): SourceDeps => ({
  cache: audioCache(),
  fetch: (input, init) => fetch(input, init),
  online: isOnline,
  onCacheUnsupported: () => {
    if (!warnedUnsupported) console.warn('IndexedDB not supported: audio is streamed');
    warnedUnsupported = true;
  },
});

/** A fetch that tells `onBytes` the bytes of `url`'s body received so far, as they arrive. */
function countingFetch(url: string, onBytes: (received: number) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (String(input) !== url || !response.body) return response;
    let received = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, stream) {
          received += chunk.byteLength;
          onBytes(received);
          stream.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/**
 * Fetches a story's audio file into the device's cache (unless it is there already), for
 * offline; whether the file is on the device afterwards. `onBytes` follows the download.
 */
export async function keepAudioOnDevice(
  request: PlayRequest & { url: string },
  signal: AbortSignal,
  onBytes?: (received: number) => void,
): Promise<boolean> {
  const deps = sourceDeps();
  const url = parseAudioUrl(request.url)?.href;
  if (onBytes && url) deps.fetch = countingFetch(url, onBytes);
  const loaded = await loadAudio(request, deps, signal);
  return loaded.blob !== null;
}

function createPlayer(): AudioController {
  const controller = new AudioController({
    createMedia: () => {
      const audio = new Audio();
      audio.preload = 'auto';
      return audio;
    },
    load: (request, signal) => loadAudio(request, sourceDeps(), signal),
    createObjectUrl: (blob) => URL.createObjectURL(blob),
    revokeObjectUrl: (url) => URL.revokeObjectURL(url),
    decodeWithWebAudio,
    speech: browserSpeech(),
    onListen: (request) => {
      recordListen(request.storyId, request.language);
    },
  });
  onStopAudio(() => controller.stop());
  return controller;
}

let instance: AudioController | null = null;

/** The player (made on first use, so pages without audio never touch media or IndexedDB). */
export function player(): AudioController {
  instance ??= createPlayer();
  return instance;
}

/** Whether the player is on this story now, loading or playing it (without making the player). */
export function playerOnStory(storyId: number): boolean {
  const state = instance?.getState();
  return !!state && state.status !== 'idle' && state.storyId === storyId;
}

/** Whether a story's audio is playing now (without making the player). */
export const audioPlaying = (): boolean => instance?.getState().status === 'playing';

export const audioPlayer = {
  toggle: (...args: Parameters<AudioController['toggle']>) => player().toggle(...args),
  stop: () => instance?.stop(),
  resume: () => instance?.resume(),
  pause: () => instance?.pause(),
  seek: (seconds: number) => instance?.seek(seconds),
  setSpeed: (speed: number) => instance?.setSpeed(speed),
  clearError: () => instance?.clearError(),
};

const subscribe = (listener: () => void) => player().subscribe(listener);
const snapshot = () => player().getState();

/** The player's state, re-rendering on every change. */
export function useAudioPlayer(): PlayerState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Whether this story's audio (in this language) is loading, playing or paused. */
export function isPlayerOn(state: PlayerState, storyId: number, language = 'de'): boolean {
  return state.status !== 'idle' && state.storyId === storyId && state.language === language;
}
