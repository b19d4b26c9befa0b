// The shapes shared by the audio player, its screens and its tests (spec 2 §3, §4 "Audio
// playback", §8 "Audio").

export type AudioVoice = 'Amala' | 'Florian';
export type PlayerStatus = 'idle' | 'loading' | 'playing' | 'paused';

/** Every audio error of spec 2 §8; the screens turn a code into its text. */
export type AudioErrorCode =
  | 'media-aborted' // MediaError 1
  | 'media-network' // MediaError 2
  | 'media-decode' // MediaError 3
  | 'media-unsupported' // MediaError 4
  | 'media-unknown' // any other MediaError code
  | 'not-found' // the file answered 404
  | 'timeout' // nothing playable within the load timeout
  | 'invalid-url'
  | 'no-audio' // no file and nothing to speak
  | 'tts-unavailable' // no file and no speech synthesis
  | 'idb-unsupported'
  | 'default';

export interface AudioError {
  code: AudioErrorCode;
  /** The story whose audio failed. */
  storyId?: number;
  /** The audio's language, for 'no-audio' ('de', 'en', …). */
  language?: string;
}

/** A sentence of the story with the seconds it is spoken in and its characters in the text. */
export interface TimedSentence {
  start: number;
  end: number;
  from: number;
  to: number;
}

/** What to play: one story's audio in one language and voice. */
export interface PlayRequest {
  storyId: number;
  /** Lower-case language code of the audio ('de'). */
  language: string;
  voice: AudioVoice;
  /** Playback rate; clamped to 0.25–2 by the player. */
  speed: number;
  /** The audio file's URL, or null when the story has none in this voice and language. */
  url: string | null;
  /** The text spoken by the browser's speech synthesis when there is no file. */
  text?: string;
  /**
   * Only the sentences spoken over these characters of the German text (a saved word's
   * sentence on its flashcard): played from the first one's start to the last one's end.
   */
  clip?: TextRange;
}

/** Characters [from, to) of a story's text. */
export interface TextRange {
  from: number;
  to: number;
}

export interface PlayerState {
  status: PlayerStatus;
  /** The story being played, loaded or paused (null when idle). */
  storyId: number | null;
  language: string | null;
  voice: AudioVoice | null;
  /** 'file' for an audio file, 'speech' for the browser's speech synthesis. */
  source: 'file' | 'speech' | null;
  currentTime: number;
  duration: number;
  speed: number;
  /** The sentence timings of the playing file (empty for speech or without a timing file). */
  sentences: TimedSentence[];
  /** The last error, shown for 8 s and then cleared. */
  error: AudioError | null;
  /** The characters of the clip being played (null when the whole file plays). */
  clip: TextRange | null;
}

export const IDLE_STATE: PlayerState = {
  status: 'idle',
  storyId: null,
  language: null,
  voice: null,
  source: null,
  currentTime: 0,
  duration: 0,
  speed: 1,
  sentences: [],
  error: null,
  clip: null,
};
