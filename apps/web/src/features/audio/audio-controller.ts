import {
  AUDIO_ERROR_DISPLAY_MS,
  AUDIO_LOAD_TIMEOUT_MS,
  AUDIO_RETRY_TYPES,
  clampAudioSpeed,
  clampSpeechRate,
  speechLanguage,
} from '@lesefuchs/core/audio/audio';
import { AudioLoadError, type LoadedAudio, parseAudioUrl } from './audio-source';
import { clipSeconds, sameClip } from './clip';
import {
  type AudioError,
  type AudioErrorCode,
  IDLE_STATE,
  type PlayerState,
  type PlayRequest,
} from './types';

// The one audio controller of the app (spec 2 §4 "Audio playback"): idle → loading → playing
// ⇄ paused → idle. The same story and language toggles pause and resume, another story stops
// the first, nothing playable within 10 s is a timeout, errors show for 8 s. Everything it
// touches (the media element, loading, speech, timers) is passed in, so the state machine is
// tested with fakes.

/** The part of HTMLAudioElement the controller uses. */
export interface MediaLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  playbackRate: number;
  readonly error: { code: number } | null;
  play(): Promise<void>;
  pause(): void;
  removeAttribute(name: 'src'): void;
  load(): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The part of the Web Speech API the controller uses. */
export interface SpeechLike {
  speak(text: string, options: { lang: string; rate: number }, events: SpeechEvents): void;
  pause(): void;
  resume(): void;
  cancel(): void;
}

export interface SpeechEvents {
  onStart(): void;
  onEnd(): void;
  onError(error: string): void;
}

export interface ControllerDeps {
  createMedia(): MediaLike;
  load(request: PlayRequest & { url: string }, signal: AbortSignal): Promise<LoadedAudio>;
  createObjectUrl(blob: Blob): string;
  revokeObjectUrl(url: string): void;
  /** The last resort after every type failed to decode: the file decoded by Web Audio. */
  decodeWithWebAudio?(blob: Blob): Promise<MediaLike>;
  /** The browser's speech synthesis, or null when there is none. */
  speech: SpeechLike | null;
  /** Called once each time a play (not a resume) really starts sounding. */
  onListen?(request: PlayRequest): void;
}

/** Media error codes to the errors of spec 2 §8. */
export function mediaErrorCode(code: number | undefined): AudioErrorCode {
  switch (code) {
    case 1:
      return 'media-aborted';
    case 2:
      return 'media-network';
    case 3:
      return 'media-decode';
    case 4:
      return 'media-unsupported';
    default:
      return 'media-unknown';
  }
}

const sameAudio = (state: PlayerState, request: PlayRequest) =>
  state.storyId === request.storyId &&
  state.language === request.language.toLowerCase() &&
  sameClip(state.clip, request.clip);

/** One way to play a file: makes the URL the media element loads. */
type Attempt = () => string;

export class AudioController {
  private state: PlayerState = IDLE_STATE;
  private readonly listeners = new Set<() => void>();
  private media: MediaLike | null = null;
  private detach: (() => void) | null = null;
  private objectUrl: string | null = null;
  private abort: AbortController | null = null;
  private loadTimer: ReturnType<typeof setTimeout> | null = null;
  private errorTimer: ReturnType<typeof setTimeout> | null = null;
  /** Each play gets a number; callbacks of an older play are ignored. */
  private generation = 0;
  private request: PlayRequest | null = null;
  private listened = false;
  /** The seconds of the clip being played (a sentence of a flashcard), null for a whole file. */
  private clip: { start: number; end: number } | null = null;
  private clipTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: ControllerDeps) {}

  getState = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Play, or pause/resume when this story and language is already on. */
  toggle(request: PlayRequest): void {
    if (this.state.status !== 'idle' && sameAudio(this.state, request)) {
      if (this.state.status === 'playing') this.pause();
      else if (this.state.status === 'paused') this.resume();
      return;
    }
    void this.start(request);
  }

  pause(): void {
    if (this.state.status !== 'playing') return;
    this.clearClipTimer();
    if (this.state.source === 'speech') this.deps.speech?.pause();
    else this.media?.pause();
    this.set({ status: 'paused' });
  }

  resume(): void {
    if (this.state.status !== 'paused') return;
    if (this.state.source === 'speech') {
      this.deps.speech?.resume();
      this.set({ status: 'playing' });
      return;
    }
    const media = this.media;
    if (!media) return;
    this.set({ status: 'playing' });
    media.play().catch(() => this.set({ status: 'paused' }));
  }

  /** Stops whatever plays and forgets it; an error on screen stays until its time is up. */
  stop(): void {
    this.teardown();
    this.set({ ...IDLE_STATE, error: this.state.error });
  }

  /** Jumps to a second of the file being played (not possible with speech). */
  seek(seconds: number): void {
    const media = this.media;
    if (!media || this.state.source !== 'file') return;
    const end = Number.isFinite(media.duration) ? media.duration : this.state.duration;
    const to = Math.max(0, end > 0 ? Math.min(seconds, end) : seconds);
    media.currentTime = to;
    this.set({ currentTime: to });
  }

  /** Changes the speed of what plays now (and of what is loading). */
  setSpeed(speed: number): void {
    const rate = clampAudioSpeed(speed);
    if (this.media) this.media.playbackRate = rate;
    if (this.request) this.request = { ...this.request, speed: rate };
    this.set({ speed: rate });
  }

  /** Clears the error at once (e.g. when the learner dismisses it). */
  clearError(): void {
    if (this.errorTimer) clearTimeout(this.errorTimer);
    this.errorTimer = null;
    if (this.state.error) this.set({ error: null });
  }

  private async start(request: PlayRequest): Promise<void> {
    this.teardown();
    const generation = ++this.generation;
    const language = request.language.toLowerCase();
    this.request = { ...request, language };
    this.listened = false;
    if (this.errorTimer) clearTimeout(this.errorTimer);
    this.set({
      ...IDLE_STATE,
      status: 'loading',
      storyId: request.storyId,
      language,
      voice: request.voice,
      speed: clampAudioSpeed(request.speed),
      clip: request.clip ?? null,
    });

    if (request.url === null) {
      this.speak(request, generation);
      return;
    }
    if (!parseAudioUrl(request.url)) {
      this.fail({ code: 'invalid-url' });
      return;
    }
    this.loadTimer = setTimeout(() => {
      if (generation === this.generation && this.state.status === 'loading') {
        this.fail({ code: 'timeout' });
      }
    }, AUDIO_LOAD_TIMEOUT_MS);

    const abort = new AbortController();
    this.abort = abort;
    let loaded: LoadedAudio;
    try {
      loaded = await this.deps.load({ ...request, language, url: request.url }, abort.signal);
    } catch (error) {
      if (generation !== this.generation) return;
      this.fail({ code: error instanceof AudioLoadError ? error.code : 'default' });
      return;
    }
    if (generation !== this.generation) return;
    if (request.clip) {
      this.clip = clipSeconds(loaded.sentences, request.clip);
      if (!this.clip) {
        this.fail({ code: 'no-audio', language });
        return;
      }
    }
    this.set({ sentences: loaded.sentences, duration: loaded.duration, source: 'file' });

    if (loaded.blob) {
      const blob = loaded.blob;
      // After a decode error the same bytes are tried as each type in turn (spec 2 §4).
      const retypes = AUDIO_RETRY_TYPES.filter((type) => type !== blob.type).map(
        (type) => () => this.objectUrlFor(new Blob([blob], { type })),
      );
      this.playAttempts([() => this.objectUrlFor(blob), ...retypes], generation, blob);
    } else if (loaded.streamUrl) {
      const streamUrl = loaded.streamUrl;
      this.playAttempts([() => streamUrl], generation, null);
    }
  }

  /** A fresh object URL for a blob, revoking the previous one. */
  private objectUrlFor(blob: Blob): string {
    if (this.objectUrl) this.deps.revokeObjectUrl(this.objectUrl);
    this.objectUrl = this.deps.createObjectUrl(blob);
    return this.objectUrl;
  }

  private playAttempts(attempts: Attempt[], generation: number, blob: Blob | null): void {
    const [attempt, ...rest] = attempts;
    if (!attempt) return;
    const media = this.deps.createMedia();
    this.attach(media, generation, (code) => {
      // A file the browser cannot decode is tried as the next type, then through Web Audio.
      const decodeError = code === 3 || code === 4;
      if (decodeError && rest.length > 0) {
        this.detachMedia();
        this.playAttempts(rest, generation, blob);
      } else if (decodeError && blob && this.deps.decodeWithWebAudio) {
        this.detachMedia();
        void this.playWebAudio(blob, generation, code);
      } else {
        this.fail({ code: mediaErrorCode(code) });
      }
    });
    media.src = attempt();
    this.startMedia(media, generation);
  }

  private async playWebAudio(blob: Blob, generation: number, code: number): Promise<void> {
    let media: MediaLike;
    try {
      media = await (this.deps.decodeWithWebAudio as (blob: Blob) => Promise<MediaLike>)(blob);
    } catch {
      if (generation === this.generation) this.fail({ code: mediaErrorCode(code) });
      return;
    }
    if (generation !== this.generation) return;
    this.attach(media, generation, (next) => this.fail({ code: mediaErrorCode(next) }));
    this.startMedia(media, generation);
  }

  private startMedia(media: MediaLike, generation: number): void {
    media.playbackRate = this.state.speed;
    if (this.clip) media.currentTime = this.clip.start;
    media.play().catch((error: unknown) => {
      if (generation !== this.generation || media.error) return; // the error event reports it
      // Autoplay refused: the file is ready, the learner presses play again.
      if (error instanceof Error && error.name === 'NotAllowedError') {
        this.clearLoadTimer();
        this.set({ status: 'paused' });
      }
    });
  }

  private attach(media: MediaLike, generation: number, onError: (code?: number) => void): void {
    this.media = media;
    const current = () => generation === this.generation && this.media === media;
    const handlers: Record<string, () => void> = {
      playing: () => {
        if (!current()) return;
        this.clearLoadTimer();
        // The element's rate may have been reset by loading the source.
        if (media.playbackRate !== this.state.speed) media.playbackRate = this.state.speed;
        this.set({ status: 'playing' });
        if (this.clip) this.scheduleClipEnd(media, generation);
        // A sentence's clip is not a listen of the story.
        else if (!this.listened && this.request) {
          this.listened = true;
          this.deps.onListen?.(this.request);
        }
      },
      pause: () => {
        if (current() && this.state.status === 'playing') this.set({ status: 'paused' });
      },
      timeupdate: () => {
        if (!current()) return;
        if (this.clip && media.currentTime >= this.clip.end) this.endClip();
        else this.set({ currentTime: media.currentTime });
      },
      loadedmetadata: () => {
        // A start position set before the file was known may have been dropped.
        if (current() && this.clip && media.currentTime < this.clip.start - 0.25)
          media.currentTime = this.clip.start;
      },
      durationchange: () => {
        if (current() && Number.isFinite(media.duration) && media.duration > 0) {
          this.set({ duration: media.duration });
        }
      },
      ended: () => {
        if (!current()) return;
        this.teardown();
        this.set({ ...IDLE_STATE, error: this.state.error });
      },
      error: () => {
        if (current()) onError(media.error?.code);
      },
    };
    for (const [type, handler] of Object.entries(handlers)) media.addEventListener(type, handler);
    this.detach = () => {
      for (const [type, handler] of Object.entries(handlers)) {
        media.removeEventListener(type, handler);
      }
    };
  }

  private speak(request: PlayRequest, generation: number): void {
    const speech = this.deps.speech;
    const text = request.text?.trim();
    if (!text) {
      this.fail({ code: 'no-audio', language: request.language.toLowerCase() });
      return;
    }
    if (!speech) {
      this.fail({ code: 'tts-unavailable' });
      return;
    }
    this.set({ source: 'speech' });
    this.loadTimer = setTimeout(() => {
      if (generation === this.generation && this.state.status === 'loading') {
        speech.cancel();
        this.fail({ code: 'timeout' });
      }
    }, AUDIO_LOAD_TIMEOUT_MS);
    speech.speak(
      text,
      { lang: speechLanguage(request.language), rate: clampSpeechRate(request.speed) },
      {
        onStart: () => {
          if (generation !== this.generation) return;
          this.clearLoadTimer();
          this.set({ status: 'playing' });
          if (!this.listened) {
            this.listened = true;
            this.deps.onListen?.(request);
          }
        },
        onEnd: () => {
          if (generation !== this.generation) return;
          this.teardown();
          this.set({ ...IDLE_STATE });
        },
        onError: (error) => {
          // Cancelling (stop, another story) is not a failure.
          if (generation !== this.generation || error === 'canceled' || error === 'interrupted')
            return;
          this.fail({ code: 'default' });
        },
      },
    );
  }

  /**
   * The clip ends at its last sentence's end: checked on a timer from the element's position
   * (timeupdate alone comes only every ~250 ms, late enough to let the next sentence begin).
   */
  private scheduleClipEnd(media: MediaLike, generation: number): void {
    this.clearClipTimer();
    const clip = this.clip;
    if (!clip) return;
    const left = (clip.end - media.currentTime) / Math.max(media.playbackRate || 1, 0.25);
    this.clipTimer = setTimeout(
      () => {
        if (generation !== this.generation || this.media !== media) return;
        if (media.currentTime >= clip.end - 0.05) this.endClip();
        else if (this.state.status === 'playing') this.scheduleClipEnd(media, generation);
      },
      Math.max(0, left * 1000),
    );
  }

  private endClip(): void {
    this.teardown();
    this.set({ ...IDLE_STATE, error: this.state.error });
  }

  private clearClipTimer(): void {
    if (this.clipTimer) clearTimeout(this.clipTimer);
    this.clipTimer = null;
  }

  /** Ends the current play with an error that shows for 8 s. */
  private fail(error: AudioError): void {
    const storyId = this.state.storyId ?? undefined;
    this.teardown();
    this.set({ ...IDLE_STATE, error: storyId === undefined ? error : { ...error, storyId } });
    if (this.errorTimer) clearTimeout(this.errorTimer);
    this.errorTimer = setTimeout(() => {
      this.errorTimer = null;
      this.set({ error: null });
    }, AUDIO_ERROR_DISPLAY_MS);
  }

  private clearLoadTimer(): void {
    if (this.loadTimer) clearTimeout(this.loadTimer);
    this.loadTimer = null;
  }

  private detachMedia(): void {
    this.detach?.();
    this.detach = null;
    const media = this.media;
    this.media = null;
    if (media) {
      media.pause();
      media.removeAttribute('src');
      media.load();
    }
  }

  /** Lets go of everything of the current play; later callbacks of it are ignored. */
  private teardown(): void {
    this.generation++;
    this.clearLoadTimer();
    this.clearClipTimer();
    this.clip = null;
    this.abort?.abort();
    this.abort = null;
    this.detachMedia();
    if (this.state.source === 'speech') this.deps.speech?.cancel();
    if (this.objectUrl) this.deps.revokeObjectUrl(this.objectUrl);
    this.objectUrl = null;
    this.request = null;
  }

  private set(change: Partial<PlayerState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
