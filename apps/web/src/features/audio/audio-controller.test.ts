import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AudioController,
  type ControllerDeps,
  type MediaLike,
  type SpeechEvents,
} from './audio-controller';
import { AudioLoadError, type LoadedAudio } from './audio-source';
import type { AudioErrorCode, PlayRequest } from './types';

/** A media element that does what the test tells it to: start playing, fail, end. */
class FakeMedia implements MediaLike {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  playbackRate = 1;
  error: { code: number } | null = null;
  paused = true;
  playCalls = 0;
  private readonly listeners = new Map<string, Set<() => void>>();

  play(): Promise<void> {
    this.playCalls++;
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
  removeAttribute(): void {
    this.src = '';
  }
  load(): void {}
  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  /** The element starts sounding. */
  start(duration = 90): void {
    this.duration = duration;
    this.emit('durationchange');
    this.emit('playing');
  }
  fail(code: number): void {
    this.error = { code };
    this.emit('error');
  }
}

const AMALA: PlayRequest = {
  storyId: 1,
  language: 'de',
  voice: 'Amala',
  speed: 1,
  url: '/audio/1/de-amala.mp3?v=abc',
  text: 'Der Hund läuft.',
};
const OTHER: PlayRequest = { ...AMALA, storyId: 2, url: '/audio/2/de-amala.mp3?v=def' };

const file = (type = 'audio/mpeg'): LoadedAudio => ({
  blob: new Blob(['mp3'], { type }),
  streamUrl: null,
  sentences: [{ start: 0, end: 2, from: 0, to: 15 }],
  duration: 2,
  fromCache: false,
});

function setup(overrides: Partial<ControllerDeps> = {}) {
  const media: FakeMedia[] = [];
  const urls: string[] = [];
  const revoked: string[] = [];
  const listens: PlayRequest[] = [];
  let objectUrls = 0;
  const deps: ControllerDeps = {
    createMedia: () => {
      const element = new FakeMedia();
      media.push(element);
      return element;
    },
    load: vi.fn(async () => file()),
    createObjectUrl: (blob) => {
      const url = `blob:${++objectUrls}:${blob.type}`;
      urls.push(url);
      return url;
    },
    revokeObjectUrl: (url) => revoked.push(url),
    speech: null,
    onListen: (request) => listens.push(request),
    ...overrides,
  };
  const controller = new AudioController(deps);
  const last = () => media[media.length - 1] as FakeMedia;
  return { controller, deps, media, last, urls, revoked, listens };
}

/** Lets the awaited load settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the audio controller', () => {
  it('goes idle → loading → playing → paused → playing → idle when the file ends', async () => {
    const { controller, last, listens } = setup();
    expect(controller.getState().status).toBe('idle');

    controller.toggle(AMALA);
    expect(controller.getState()).toMatchObject({ status: 'loading', storyId: 1, language: 'de' });
    await settle();
    expect(last().src).toBe('blob:1:audio/mpeg');
    last().start(2);
    expect(controller.getState()).toMatchObject({ status: 'playing', source: 'file', duration: 2 });
    expect(controller.getState().sentences).toHaveLength(1);
    expect(listens).toHaveLength(1);

    controller.toggle(AMALA);
    expect(controller.getState().status).toBe('paused');
    expect(last().paused).toBe(true);

    controller.toggle(AMALA);
    expect(controller.getState().status).toBe('playing');
    last().emit('playing');
    expect(listens).toHaveLength(1); // a resume is not a new listen

    last().currentTime = 1.5;
    last().emit('timeupdate');
    expect(controller.getState().currentTime).toBe(1.5);

    last().emit('ended');
    expect(controller.getState()).toMatchObject({ status: 'idle', storyId: null });
  });

  it('treats the language case-insensitively when toggling', async () => {
    const { controller, last } = setup();
    controller.toggle(AMALA);
    await settle();
    last().start();
    controller.toggle({ ...AMALA, language: 'DE' });
    expect(controller.getState().status).toBe('paused');
  });

  it('stops the first story when another starts, and ignores the first one’s late events', async () => {
    const { controller, media, last, revoked } = setup();
    controller.toggle(AMALA);
    await settle();
    const first = last();
    first.start();

    controller.toggle(OTHER);
    expect(first.paused).toBe(true);
    expect(first.listenerCount()).toBe(0);
    expect(revoked).toContain('blob:1:audio/mpeg');
    expect(controller.getState()).toMatchObject({ status: 'loading', storyId: 2 });

    first.emit('ended');
    expect(controller.getState().storyId).toBe(2);
    await settle();
    expect(media).toHaveLength(2);
    last().start();
    expect(controller.getState()).toMatchObject({ status: 'playing', storyId: 2 });
  });

  it('drops a load that finishes after another story was started', async () => {
    let finishFirst: (value: LoadedAudio) => void = () => undefined;
    const load = vi
      .fn()
      .mockImplementationOnce(() => new Promise<LoadedAudio>((done) => (finishFirst = done)))
      .mockImplementation(async () => file());
    const { controller, media } = setup({ load });
    controller.toggle(AMALA);
    controller.toggle(OTHER);
    await settle();
    finishFirst(file());
    await settle();
    expect(media).toHaveLength(1);
    expect(controller.getState().storyId).toBe(2);
  });

  it('stops on demand and keeps nothing playing', async () => {
    const { controller, last } = setup();
    controller.toggle(AMALA);
    await settle();
    last().start();
    controller.stop();
    expect(controller.getState().status).toBe('idle');
    expect(last().paused).toBe(true);
    expect(last().src).toBe('');
  });

  it('times out after 10 s without anything playable', async () => {
    const { controller, last } = setup();
    controller.toggle(AMALA);
    await settle();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(controller.getState().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getState()).toMatchObject({ status: 'idle', error: { code: 'timeout' } });
    last().start(); // too late: ignored
    expect(controller.getState().status).toBe('idle');
  });

  it('does not time out once playing', async () => {
    const { controller, last } = setup();
    controller.toggle(AMALA);
    await settle();
    last().start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(controller.getState()).toMatchObject({ status: 'playing', error: null });
  });

  it.each([
    [1, 'media-aborted'],
    [2, 'media-network'],
    [7, 'media-unknown'],
  ] as [number, AudioErrorCode][])('reports media error %i as %s', async (code, expected) => {
    const { controller, last, media } = setup();
    controller.toggle(AMALA);
    await settle();
    last().fail(code);
    expect(media).toHaveLength(1); // not a decode error: no retry
    expect(controller.getState()).toMatchObject({ status: 'idle', error: { code: expected } });
  });

  it.each([
    [3, 'media-decode'],
    [4, 'media-unsupported'],
  ] as [number, AudioErrorCode][])(
    'retries decode error %i as mpeg, ogg, wav, mp4, then Web Audio, then reports %s',
    async (code, expected) => {
      const decodeWithWebAudio = vi.fn(async () => {
        throw new Error('cannot decode');
      });
      const { controller, media, last, urls } = setup({
        decodeWithWebAudio,
        load: async () => file('audio/x-unknown'),
      });
      controller.toggle(AMALA);
      await settle();
      for (let attempt = 0; attempt < 5; attempt++) last().fail(code);
      await settle();
      expect(urls).toEqual([
        'blob:1:audio/x-unknown',
        'blob:2:audio/mpeg',
        'blob:3:audio/ogg',
        'blob:4:audio/wav',
        'blob:5:audio/mp4',
      ]);
      expect(media).toHaveLength(5);
      expect(decodeWithWebAudio).toHaveBeenCalledTimes(1);
      expect(controller.getState()).toMatchObject({ status: 'idle', error: { code: expected } });
    },
  );

  it('does not retry the type the file already had', async () => {
    const { controller, last, urls } = setup();
    controller.toggle(AMALA);
    await settle();
    last().fail(3);
    expect(urls).toEqual(['blob:1:audio/mpeg', 'blob:2:audio/ogg']);
    last().start();
    expect(controller.getState().status).toBe('playing');
  });

  it('plays through Web Audio when every type failed to decode', async () => {
    const webAudio = new FakeMedia();
    const { controller, last, listens } = setup({ decodeWithWebAudio: async () => webAudio });
    controller.toggle(AMALA);
    await settle();
    for (let attempt = 0; attempt < 4; attempt++) last().fail(3);
    await settle();
    expect(webAudio.playCalls).toBe(1);
    webAudio.start();
    expect(controller.getState().status).toBe('playing');
    expect(listens).toHaveLength(1);
    controller.toggle(AMALA);
    expect(webAudio.paused).toBe(true);
  });

  it.each([
    ['not-found', 'not-found'],
    ['media-network', 'media-network'],
    ['default', 'default'],
  ] as [AudioErrorCode, AudioErrorCode][])(
    'reports a load failure %s',
    async (thrown, expected) => {
      const { controller, media } = setup({
        load: async () => {
          throw new AudioLoadError(thrown);
        },
      });
      controller.toggle(AMALA);
      await settle();
      expect(media).toHaveLength(0);
      expect(controller.getState()).toMatchObject({ status: 'idle', error: { code: expected } });
    },
  );

  it('reports an unexpected load failure as the default error', async () => {
    const { controller } = setup({
      load: async () => {
        throw new TypeError('boom');
      },
    });
    controller.toggle(AMALA);
    await settle();
    expect(controller.getState().error).toEqual({ code: 'default', storyId: 1 });
  });

  it('refuses an invalid URL without loading anything', async () => {
    const { controller, deps } = setup();
    controller.toggle({ ...AMALA, url: 'javascript:alert(1)' });
    await settle();
    expect(deps.load).not.toHaveBeenCalled();
    expect(controller.getState().error).toEqual({ code: 'invalid-url', storyId: 1 });
  });

  it('streams the URL when the file could not be fetched whole', async () => {
    const { controller, last } = setup({
      load: async () => ({ ...file(), blob: null, streamUrl: '/audio/1/de-amala.mp3?v=abc' }),
    });
    controller.toggle(AMALA);
    await settle();
    expect(last().src).toBe('/audio/1/de-amala.mp3?v=abc');
    last().fail(4); // a stream has no bytes to retry as other types
    expect(controller.getState().error).toEqual({ code: 'media-unsupported', storyId: 1 });
  });

  it('shows an error for 8 s, then clears it', async () => {
    const { controller } = setup({
      load: async () => Promise.reject(new AudioLoadError('not-found')),
    });
    controller.toggle(AMALA);
    await settle();
    await vi.advanceTimersByTimeAsync(7_999);
    expect(controller.getState().error).toEqual({ code: 'not-found', storyId: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(controller.getState().error).toBeNull();
  });

  it('clears an old error when a new play starts', async () => {
    let fail = true;
    const { controller } = setup({
      load: async () => {
        if (fail) throw new AudioLoadError('not-found');
        return file();
      },
    });
    controller.toggle(AMALA);
    await settle();
    fail = false;
    controller.toggle(AMALA);
    expect(controller.getState().error).toBeNull();
  });

  it('clamps the speed to 0.25–2 and applies a change to what plays', async () => {
    const { controller, last } = setup();
    controller.toggle({ ...AMALA, speed: 5 });
    await settle();
    expect(last().playbackRate).toBe(2);
    last().start();
    controller.setSpeed(0.1);
    expect(last().playbackRate).toBe(0.25);
    controller.setSpeed(1.5);
    expect(controller.getState().speed).toBe(1.5);
    expect(last().playbackRate).toBe(1.5);
  });

  it('seeks within the file', async () => {
    const { controller, last } = setup();
    controller.toggle(AMALA);
    await settle();
    last().start(20);
    controller.seek(12.5);
    expect(last().currentTime).toBe(12.5);
    controller.seek(99);
    expect(last().currentTime).toBe(20);
    controller.seek(-3);
    expect(last().currentTime).toBe(0);
  });

  it('waits for the learner when autoplay is refused', async () => {
    const refused = new FakeMedia();
    refused.play = () =>
      Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const { controller } = setup({ createMedia: () => refused });
    controller.toggle(AMALA);
    await settle();
    expect(controller.getState().status).toBe('paused');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(controller.getState().error).toBeNull();
  });

  describe('without a file', () => {
    function speech() {
      let events: SpeechEvents | null = null;
      const calls: string[] = [];
      return {
        calls,
        events: () => events as SpeechEvents,
        speech: {
          speak: (
            text: string,
            options: { lang: string; rate: number },
            handlers: SpeechEvents,
          ) => {
            calls.push(`speak ${options.lang} ${options.rate} ${text}`);
            events = handlers;
          },
          pause: () => calls.push('pause'),
          resume: () => calls.push('resume'),
          cancel: () => calls.push('cancel'),
        },
      };
    }

    it('speaks the text with the browser’s speech synthesis', () => {
      const fake = speech();
      const { controller, listens } = setup({ speech: fake.speech });
      controller.toggle({ ...AMALA, url: null, speed: 0.3 });
      expect(controller.getState()).toMatchObject({ status: 'loading', source: 'speech' });
      expect(fake.calls).toEqual(['speak de-DE 0.5 Der Hund läuft.']);
      fake.events().onStart();
      expect(controller.getState().status).toBe('playing');
      expect(listens).toHaveLength(1);
      controller.toggle({ ...AMALA, url: null });
      controller.toggle({ ...AMALA, url: null });
      expect(fake.calls.slice(1)).toEqual(['pause', 'resume']);
      fake.events().onEnd();
      expect(controller.getState().status).toBe('idle');
    });

    it('cancels speech when stopped, and a cancel is no error', () => {
      const fake = speech();
      const { controller } = setup({ speech: fake.speech });
      controller.toggle({ ...AMALA, url: null });
      fake.events().onStart();
      controller.stop();
      fake.events().onError('canceled');
      expect(fake.calls).toContain('cancel');
      expect(controller.getState()).toMatchObject({ status: 'idle', error: null });
    });

    it('says the browser has no speech synthesis', () => {
      const { controller } = setup({ speech: null });
      controller.toggle({ ...AMALA, url: null });
      expect(controller.getState().error).toEqual({ code: 'tts-unavailable', storyId: 1 });
    });

    it('says there is no audio when there is nothing to speak either', () => {
      const { controller } = setup({ speech: speech().speech });
      controller.toggle({ ...AMALA, url: null, text: undefined, language: 'EN' });
      expect(controller.getState().error).toEqual({ code: 'no-audio', language: 'en', storyId: 1 });
    });

    it('reports a speech failure with the default error', () => {
      const fake = speech();
      const { controller } = setup({ speech: fake.speech });
      controller.toggle({ ...AMALA, url: null });
      fake.events().onError('synthesis-failed');
      expect(controller.getState().error).toEqual({ code: 'default', storyId: 1 });
    });
  });

  it('tells subscribers about every change and lets them go', async () => {
    const { controller, last } = setup();
    const seen: string[] = [];
    const unsubscribe = controller.subscribe(() => seen.push(controller.getState().status));
    controller.toggle(AMALA);
    await settle();
    last().start();
    unsubscribe();
    controller.stop();
    expect(seen).toContain('loading');
    expect(seen.at(-1)).toBe('playing');
  });

  describe('a sentence clip', () => {
    const timed: LoadedAudio = {
      ...file(),
      sentences: [
        { start: 0, end: 1.7, from: 0, to: 21 },
        { start: 2, end: 4.7, from: 22, to: 61 },
        { start: 5, end: 7.4, from: 62, to: 89 },
      ],
      duration: 7.4,
    };
    const CLIP: PlayRequest = { ...AMALA, clip: { from: 22, to: 61 } };

    it('plays one sentence from its start to its end, then goes idle without a listen', async () => {
      const { controller, last, listens } = setup({ load: vi.fn(async () => timed) });
      controller.toggle(CLIP);
      expect(controller.getState()).toMatchObject({
        status: 'loading',
        clip: { from: 22, to: 61 },
      });
      await settle();
      expect(last().currentTime).toBe(2);
      last().start(7.4);
      expect(controller.getState().status).toBe('playing');
      last().currentTime = 3;
      last().emit('timeupdate');
      expect(controller.getState().status).toBe('playing');
      // The timer stops it at the sentence's end, before the next timeupdate.
      last().currentTime = 4.7;
      await vi.advanceTimersByTimeAsync(2_700);
      expect(controller.getState()).toMatchObject({ status: 'idle', clip: null });
      expect(last().paused).toBe(true);
      expect(listens).toEqual([]);
    });

    it('stops on a timeupdate past the end, and toggles pause on the same clip only', async () => {
      const { controller, last } = setup({ load: vi.fn(async () => timed) });
      controller.toggle(CLIP);
      await settle();
      last().start(7.4);
      controller.toggle(CLIP);
      expect(controller.getState().status).toBe('paused');
      controller.toggle(CLIP);
      expect(controller.getState().status).toBe('playing');
      last().currentTime = 4.8;
      last().emit('timeupdate');
      expect(controller.getState().status).toBe('idle');
      // The whole story is another play, not the clip's resume.
      controller.toggle(CLIP);
      await settle();
      last().start(7.4);
      controller.toggle(AMALA);
      expect(controller.getState()).toMatchObject({ status: 'loading', clip: null });
    });

    it('fails with no audio when no timed sentence covers the clip', async () => {
      const { controller } = setup({ load: vi.fn(async () => timed) });
      controller.toggle({ ...AMALA, clip: { from: 500, to: 520 } });
      await settle();
      expect(controller.getState()).toMatchObject({
        status: 'idle',
        error: { code: 'no-audio', storyId: 1 },
      });
    });
  });
});
