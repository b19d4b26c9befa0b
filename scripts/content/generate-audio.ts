// Generates the German audio of every story in both voices, sentence by sentence, with a
// timing file beside each MP3 so the reader can highlight the sentence being spoken.
//   npx tsx scripts/content/generate-audio.ts [--force] [story ids…]
// Providers: TTS_PROVIDER=espeak (default; Debian's espeak-ng and lame) or TTS_PROVIDER=azure
// with AZURE_TTS_KEY and AZURE_TTS_REGION (or AZURE_TTS_ENDPOINT). Deterministic: a story whose
// text and provider are unchanged is skipped.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type StoryFile, splitSentences } from '@lesefuchs/core';
import { z } from 'zod';
import { AUDIO_DIR, loadStories } from '../../apps/server/src/content/corpus.ts';
import {
  AzureProvider,
  EspeakProvider,
  type Pcm,
  type TtsProvider,
  toWav,
  VOICES,
  type Voice,
} from './tts.ts';

const run = promisify(execFile);

/** Silence between two sentences. */
const SENTENCE_GAP_SECONDS = 0.3;
/** MP3 for speech: mono, 16 kHz, 16 kbit/s keeps the whole corpus of 120 stories in both voices under its 120 MB budget. */
const LAME_ARGS = ['--quiet', '--noreplaygain', '-m', 'm', '--resample', '16', '-b', '16'];

export interface SentenceTiming {
  /** Seconds from the start of the file. */
  start: number;
  end: number;
  /** Character range of the sentence in the story's German text. */
  from: number;
  to: number;
}

export interface AudioTimings {
  storyId: number;
  voice: Voice;
  provider: string;
  /** Hash of the provider and the text: unchanged means nothing to regenerate. */
  textHash: string;
  duration: number;
  sentences: SentenceTiming[];
}

export const audioFile = (storyId: number, voice: Voice, ext: 'mp3' | 'json') =>
  path.join(AUDIO_DIR, String(storyId), `de-${voice}.${ext}`);

export function textHash(provider: TtsProvider, story: StoryFile): string {
  return createHash('sha256')
    .update(provider.id)
    .update('\0')
    .update(story.content.de)
    .digest('hex');
}

/** Speaks a story into one PCM stream and the timing of each sentence in it. */
export async function speakStory(provider: TtsProvider, story: StoryFile, voice: Voice) {
  const sentences = splitSentences(story.content.de);
  const parts: Buffer[] = [];
  const timings: SentenceTiming[] = [];
  let sampleRate = 0;
  let position = 0;
  for (const sentence of sentences) {
    const pcm: Pcm = await provider.synthesize(sentence.text, voice);
    if (sampleRate === 0) sampleRate = pcm.sampleRate;
    if (pcm.sampleRate !== sampleRate)
      throw new Error('the provider changed its sample rate mid-story');
    const gap = Buffer.alloc(Math.round(SENTENCE_GAP_SECONDS * sampleRate) * 2);
    const start = position / 2 / sampleRate;
    parts.push(pcm.samples);
    position += pcm.samples.length;
    timings.push({
      start: round(start),
      end: round(position / 2 / sampleRate),
      from: sentence.start,
      to: sentence.end,
    });
    parts.push(gap);
    position += gap.length;
  }
  return {
    pcm: { sampleRate, samples: Buffer.concat(parts) },
    timings,
    duration: round(position / 2 / sampleRate),
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

async function encodeMp3(pcm: Pcm, target: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lesefuchs-audio-'));
  try {
    const wav = path.join(dir, 'story.wav');
    const mp3 = path.join(dir, 'story.mp3');
    await writeFile(wav, toWav(pcm));
    await run('lame', [...LAME_ARGS, wav, mp3]);
    await rename(mp3, target).catch(async () => writeFile(target, readFileSync(mp3)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Generates one story in one voice unless its files are current; returns whether it did. */
export async function generate(
  provider: TtsProvider,
  story: StoryFile,
  voice: Voice,
  force = false,
): Promise<boolean> {
  const hash = textHash(provider, story);
  const timingsFile = audioFile(story.id, voice, 'json');
  if (!force && existsSync(timingsFile) && existsSync(audioFile(story.id, voice, 'mp3'))) {
    const existing = JSON.parse(readFileSync(timingsFile, 'utf8')) as AudioTimings;
    if (existing.textHash === hash) return false;
  }
  const { pcm, timings, duration } = await speakStory(provider, story, voice);
  mkdirSync(path.dirname(timingsFile), { recursive: true });
  await encodeMp3(pcm, audioFile(story.id, voice, 'mp3'));
  const result: AudioTimings = {
    storyId: story.id,
    voice,
    provider: provider.id,
    textHash: hash,
    duration,
    sentences: timings,
  };
  await writeFile(timingsFile, `${JSON.stringify(result, null, 1)}\n`);
  return true;
}

const envSchema = z.object({
  TTS_PROVIDER: z.enum(['espeak', 'azure']).default('espeak'),
  AZURE_TTS_KEY: z.string().min(1).optional(),
  AZURE_TTS_REGION: z
    .string()
    .regex(/^[a-z0-9]+$/)
    .optional(),
  AZURE_TTS_ENDPOINT: z.url().optional(),
});

export function providerFromEnv(env: Record<string, string | undefined>): TtsProvider {
  const parsed = envSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v)));
  if (parsed.TTS_PROVIDER === 'espeak') return new EspeakProvider();
  const endpoint =
    parsed.AZURE_TTS_ENDPOINT ??
    (parsed.AZURE_TTS_REGION
      ? `https://${parsed.AZURE_TTS_REGION}.tts.speech.microsoft.com`
      : undefined);
  if (!parsed.AZURE_TTS_KEY || !endpoint) {
    throw new Error(
      'TTS_PROVIDER=azure needs AZURE_TTS_KEY and AZURE_TTS_REGION (or AZURE_TTS_ENDPOINT)',
    );
  }
  return new AzureProvider(parsed.AZURE_TTS_KEY, endpoint);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const only = new Set(args.filter((arg) => /^\d+$/.test(arg)).map(Number));
  const provider = providerFromEnv(process.env);
  const stories = loadStories()
    .map((loaded) => loaded.value)
    .filter((story) => only.size === 0 || only.has(story.id));
  const jobs = stories.flatMap((story) => VOICES.map((voice) => ({ story, voice })));
  let done = 0;
  let generated = 0;
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      if (await generate(provider, job.story, job.voice, force)) generated += 1;
      done += 1;
      process.stdout.write(`\r${done} done, ${generated} generated, ${jobs.length} waiting   `);
    }
  };
  await Promise.all([worker(), worker()]);
  process.stdout.write('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
