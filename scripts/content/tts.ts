import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The two story voices (spec 2 §9: Amala, the default, and Florian). */
export const VOICES = ['amala', 'florian'] as const;
export type Voice = (typeof VOICES)[number];

/** Mono 16-bit PCM audio of one sentence. */
export interface Pcm {
  sampleRate: number;
  samples: Buffer;
}

/** Something that speaks a German sentence in one of the story voices. */
export interface TtsProvider {
  /** Identifies the provider and its settings; a change regenerates every file. */
  readonly id: string;
  synthesize(sentence: string, voice: Voice): Promise<Pcm>;
}

/** Reads the PCM data of a RIFF/WAVE file (mono, 16-bit). */
export function parseWav(file: Buffer): Pcm {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      const channels = file.readUInt16LE(body + 2);
      const bits = file.readUInt16LE(body + 14);
      if (channels !== 1 || bits !== 16)
        throw new Error(`expected mono 16-bit audio, got ${channels} ch ${bits} bit`);
      sampleRate = file.readUInt32LE(body + 4);
    } else if (id === 'data') {
      const end = Math.min(file.length, body + size);
      return { sampleRate, samples: file.subarray(body, end) };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAVE file without data');
}

/** Writes mono 16-bit PCM as a RIFF/WAVE file. */
export function toWav({ sampleRate, samples }: Pcm): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** espeak-ng voices: a female and a male variant of the German voice. */
const ESPEAK_VOICE: Record<Voice, string> = { amala: 'de+f3', florian: 'de+m3' };
/** Words per minute: slower than espeak's 175 default, for learners. */
const ESPEAK_SPEED = 145;

export class EspeakProvider implements TtsProvider {
  readonly id = `espeak-ng:${JSON.stringify(ESPEAK_VOICE)}:${ESPEAK_SPEED}`;

  async synthesize(sentence: string, voice: Voice): Promise<Pcm> {
    const dir = await mkdtemp(path.join(tmpdir(), 'lesefuchs-tts-'));
    try {
      const file = path.join(dir, 'sentence.wav');
      await run('espeak-ng', [
        '-v',
        ESPEAK_VOICE[voice],
        '-s',
        String(ESPEAK_SPEED),
        '-w',
        file,
        '--',
        sentence,
      ]);
      return parseWav(await readFile(file));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** Azure neural voices of spec 2 §9. */
export const AZURE_VOICE: Record<Voice, string> = {
  amala: 'de-DE-AmalaNeural',
  florian: 'de-DE-FlorianMultilingualNeural',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Azure Speech text-to-speech over its REST API, asking for 24 kHz mono PCM. */
export class AzureProvider implements TtsProvider {
  readonly id = `azure:${JSON.stringify(AZURE_VOICE)}`;

  constructor(
    private readonly key: string,
    private readonly endpoint: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async synthesize(sentence: string, voice: Voice): Promise<Pcm> {
    const ssml = `<speak version="1.0" xml:lang="de-DE"><voice name="${AZURE_VOICE[voice]}">${escapeXml(sentence)}</voice></speak>`;
    const response = await this.fetchImpl(
      `${this.endpoint.replace(/\/$/, '')}/cognitiveservices/v1`,
      {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': this.key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': 'riff-24khz-16bit-mono-pcm',
          'User-Agent': 'lesefuchs-audio',
        },
        body: ssml,
      },
    );
    if (!response.ok) {
      throw new Error(
        `Azure TTS answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
      );
    }
    return parseWav(Buffer.from(await response.arrayBuffer()));
  }
}
