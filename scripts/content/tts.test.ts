import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StoryFile } from '@lesefuchs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speakStory } from './generate-audio.ts';
import { AzureProvider, type Pcm, parseWav, type TtsProvider, toWav } from './tts.ts';

const tone = (seconds: number, sampleRate = 24_000): Pcm => ({
  sampleRate,
  samples: Buffer.alloc(Math.round(seconds * sampleRate) * 2, 1),
});

describe('WAV', () => {
  it('round-trips mono 16-bit PCM', () => {
    const pcm = tone(0.5, 16_000);
    expect(parseWav(toWav(pcm))).toEqual(pcm);
  });
});

describe('AzureProvider against a local fake of the Speech REST API', () => {
  const requests: { headers: IncomingMessage['headers']; body: string; url?: string }[] = [];
  let endpoint = '';
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      requests.push({ headers: request.headers, body, url: request.url });
      if (request.headers['ocp-apim-subscription-key'] !== 'test-key') {
        response.writeHead(401).end('bad key');
        return;
      }
      response.writeHead(200, { 'Content-Type': 'audio/wav' }).end(toWav(tone(1.25)));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends SSML for the neural voice and reads the PCM it gets back', async () => {
    const provider = new AzureProvider('test-key', endpoint);
    const pcm = await provider.synthesize('Wir gehen „ins Café“ & essen <Kuchen>.', 'florian');
    expect(pcm.sampleRate).toBe(24_000);
    expect(pcm.samples.length).toBe(1.25 * 24_000 * 2);
    const last = requests.at(-1);
    expect(last?.url).toBe('/cognitiveservices/v1');
    expect(last?.headers['content-type']).toBe('application/ssml+xml');
    expect(last?.headers['x-microsoft-outputformat']).toBe('riff-24khz-16bit-mono-pcm');
    expect(last?.body).toBe(
      '<speak version="1.0" xml:lang="de-DE"><voice name="de-DE-FlorianMultilingualNeural">Wir gehen „ins Café“ &amp; essen &lt;Kuchen&gt;.</voice></speak>',
    );
  });

  it('reports an error answer with its status', async () => {
    const provider = new AzureProvider('wrong', endpoint);
    await expect(provider.synthesize('Hallo.', 'amala')).rejects.toThrow(
      'Azure TTS answered 401: bad key',
    );
  });
});

describe('speakStory', () => {
  it('times each sentence in one stream with a 0.3 s gap after each', async () => {
    const lengths: Record<string, number> = { 'Eins.': 1, '„Zwei?“': 2, 'Drei!': 0.5 };
    const provider: TtsProvider = {
      id: 'fake',
      synthesize: async (sentence) => tone(lengths[sentence] ?? 0, 10_000),
    };
    const story = { content: { de: 'Eins. „Zwei?“\n\nDrei!' } } as StoryFile;
    const { timings, duration, pcm } = await speakStory(provider, story, 'amala');
    expect(timings).toEqual([
      { start: 0, end: 1, from: 0, to: 5 },
      { start: 1.3, end: 3.3, from: 6, to: 13 },
      { start: 3.6, end: 4.1, from: 15, to: 20 },
    ]);
    expect(duration).toBe(4.4);
    expect(pcm.samples.length).toBe(4.4 * 10_000 * 2);
  });
});
