import type { MediaLike } from './audio-controller';

// The last fallback after a file failed to decode as every type (spec 2 §4): the bytes decoded
// by Web Audio and played through an AudioBufferSourceNode, behind the same small interface as
// the audio element so the controller treats both alike.

type Listener = () => void;

class WebAudioMedia implements MediaLike {
  src = '';
  readonly error = null;
  private node: AudioBufferSourceNode | null = null;
  /** Seconds into the buffer when the current node started, and the context time it started. */
  private offset = 0;
  private startedAt = 0;
  private rate = 1;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly context: AudioContext,
    private readonly buffer: AudioBuffer,
  ) {}

  get duration(): number {
    return this.buffer.duration;
  }

  get currentTime(): number {
    if (!this.node) return this.offset;
    return Math.min(
      this.buffer.duration,
      this.offset + (this.context.currentTime - this.startedAt) * this.rate,
    );
  }

  set currentTime(seconds: number) {
    const playing = this.node !== null;
    this.stopNode();
    this.offset = Math.max(0, Math.min(seconds, this.buffer.duration));
    if (playing) this.startNode();
    this.emit('timeupdate');
  }

  get playbackRate(): number {
    return this.rate;
  }

  set playbackRate(rate: number) {
    this.offset = this.currentTime;
    this.startedAt = this.context.currentTime;
    this.rate = rate;
    if (this.node) this.node.playbackRate.value = rate;
  }

  async play(): Promise<void> {
    await this.context.resume();
    if (this.node) return;
    this.startNode();
    this.emit('durationchange');
    this.emit('playing');
  }

  pause(): void {
    if (!this.node) return;
    this.offset = this.currentTime;
    this.stopNode();
    this.emit('pause');
  }

  removeAttribute(): void {
    this.stopNode();
  }

  load(): void {
    void this.context.close().catch(() => undefined);
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  private emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }

  private startNode(): void {
    const node = this.context.createBufferSource();
    node.buffer = this.buffer;
    node.playbackRate.value = this.rate;
    node.connect(this.context.destination);
    node.onended = () => {
      if (this.node !== node) return;
      this.stopNode();
      this.offset = this.buffer.duration;
      this.emit('ended');
    };
    this.startedAt = this.context.currentTime;
    node.start(0, this.offset);
    this.node = node;
    this.ticker = setInterval(() => this.emit('timeupdate'), 250);
  }

  private stopNode(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    const node = this.node;
    this.node = null;
    if (node) {
      node.onended = null;
      node.stop();
      node.disconnect();
    }
  }
}

/** Decodes a file with Web Audio; rejects when the browser has no Web Audio or cannot decode. */
export async function decodeWithWebAudio(blob: Blob): Promise<MediaLike> {
  const Context = globalThis.AudioContext;
  if (!Context) throw new Error('Web Audio not available');
  const context = new Context();
  try {
    const buffer = await context.decodeAudioData(await blob.arrayBuffer());
    return new WebAudioMedia(context, buffer);
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}
