import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { chooseEncoding } from './compress.ts';
import { markReplayable } from './response-replay.ts';

// Responses that change only with the content (a story, the story list, the lemma lists) are
// built, serialised and compressed once per version, then served from memory: a request costs a
// map look-up instead of queries, tokenising and a compression pass. Only the compressed copies
// are kept (a story's JSON is 5–10 times their size, and every browser accepts one of them);
// the rare client that accepts neither gets the gzip copy expanded.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

interface Representation {
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

export class RepresentationCache {
  private readonly entries = new Map<string, Representation>();
  private readonly building = new Map<string, Promise<Representation | null>>();

  /** `maxEntries` bounds the memory: the oldest entry goes first. */
  constructor(private readonly maxEntries = 256) {}

  /**
   * The response for `key` at version `etag`: 304 when the client has it, else the JSON that
   * `build` gives (built once per version, also for requests that arrive while it builds),
   * compressed as the client accepts. Null when `build` finds nothing (nothing is kept then).
   */
  async respond(
    c: Context,
    key: string,
    etag: string,
    build: () => Promise<unknown | null>,
  ): Promise<Response | null> {
    // The same request gets the same answer while the version stands: kept as it went out.
    markReplayable(c);
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': 'application/json',
    };
    if (c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    const found = await this.representation(key, etag, build);
    if (!found) return null;
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const body = encoding === 'br' ? found.br : encoding === 'gzip' ? found.gzip : null;
    if (!body) return new Response(await gunzipAsync(found.gzip), { status: 200, headers });
    return new Response(body, {
      status: 200,
      headers: { ...headers, 'Content-Encoding': encoding as string },
    });
  }

  private async representation(
    key: string,
    etag: string,
    build: () => Promise<unknown | null>,
  ): Promise<Representation | null> {
    const kept = this.entries.get(key);
    if (kept?.etag === etag) return kept;
    const id = `${key}\u0000${etag}`;
    let pending = this.building.get(id);
    if (!pending) {
      pending = build().then(async (value) => {
        if (value === null) return null;
        const json = Buffer.from(JSON.stringify(value));
        const [br, gzipped] = await Promise.all([
          brotli(json, BROTLI_ONCE),
          gzipAsync(json, { level: 9 }),
        ]);
        const made: Representation = { etag, br, gzip: gzipped };
        this.entries.delete(key);
        this.entries.set(key, made);
        if (this.entries.size > this.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
        return made;
      });
      this.building.set(id, pending);
      void pending.finally(() => this.building.delete(id)).catch(() => undefined);
    }
    return pending;
  }
}

/** Compressed once and served many times: brotli's denser levels are worth their time. */
const BROTLI_ONCE = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
