import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { chooseEncoding } from './compress.ts';

// Some answers depend on nothing but their address, the encoding the client accepts and the
// content's version, which changes only with an import at start: a story, the story list, every
// story's lemmas and sizes (`representation-cache.ts`). The first time such an answer is made,
// the whole router makes it (every middleware adds its headers); it is then kept as it went out,
// headers and body, and the same request is answered from memory before it reaches the router.
// The router's cost (a Fetch request and response, undici's headers, the middleware chain) was
// most of a cached read's time: a browser revalidating the story list got its 304 at a fifth of
// the rate of a five-line hello-world.
//
// Only a plain GET is answered here: no Origin (the native shell's CORS answer depends on it),
// no Range, and only what its route marked (`markReplayable`), never an answer that sets a
// cookie. What the router would add per request (rate limits, sessions, load shedding) these
// routes do not use; a route that starts to must stop marking its answers.

/** The requests whose answers may be kept, marked by their route. */
const marked = new WeakSet<Request>();

/** Marks the answer `c` is about to give as one to keep and give again to the same request. */
export function markReplayable(c: Context): void {
  marked.add(c.req.raw);
}

type HeaderList = [string, string][];

interface Kept {
  etag: string;
  /** The full answer (200), when it was made. */
  ok?: { headers: HeaderList; body: Buffer };
  /** The 304 to a client that has this version, when it was made. */
  notModified?: HeaderList;
}

/** Hop-by-hop headers and the body's length, which are written per answer. */
const PER_ANSWER = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function headerList(headers: Headers): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of headers) if (!PER_ANSWER.has(name)) list.push([name, value]);
  return list;
}

type PlainGet = IncomingMessage & { url: string };

/** What a plain GET is kept under: its encoding and its address as the client wrote it. */
function keyOf(request: PlainGet): string {
  return `${chooseEncoding(request.headers['accept-encoding']) ?? 'identity'} ${request.url}`;
}

/**
 * A GET with nothing that changes its answer but its encoding, at an address written plainly:
 * with a query or an escape, one answer has endless addresses, and each would be kept.
 */
function plainGet(request: IncomingMessage): request is PlainGet {
  return (
    request.method === 'GET' &&
    request.url !== undefined &&
    !/[?%]/.test(request.url) &&
    request.headers.origin === undefined &&
    request.headers.range === undefined
  );
}

export class ResponseReplay {
  private readonly kept = new Map<string, Kept>();

  private bytes = 0;

  /** `maxBytes` bounds the memory the kept bodies take; the least recently kept goes first. */
  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  /**
   * The router's outermost middleware: keeps a marked answer as it goes out. The Node request
   * is the router's environment (`@hono/node-server`); without one (a test's `app.request`),
   * nothing is kept.
   */
  readonly capture = createMiddleware<{ Bindings: { incoming?: IncomingMessage } }>(
    async (c, next) => {
      await next();
      const incoming = c.env?.incoming;
      if (!incoming || !marked.has(c.req.raw) || !plainGet(incoming)) return;
      const response = c.res;
      const etag = response.headers.get('ETag');
      if (!etag || response.headers.has('Set-Cookie')) return;
      if (response.status !== 200 && response.status !== 304) return;
      const key = keyOf(incoming);
      // Uncompressed bodies (5–10 times the size, and asked for by almost no browser) are made
      // again each time, as the representation cache keeps only compressed copies too.
      if (response.status === 200 && !response.headers.has('Content-Encoding')) return;
      const headers = headerList(response.headers);
      const body =
        response.status === 200 ? Buffer.from(await response.clone().arrayBuffer()) : null;
      const previous = this.kept.get(key);
      const entry: Kept = previous?.etag === etag ? previous : { etag };
      if (previous) this.forget(key, previous);
      if (body) entry.ok = { headers, body };
      else entry.notModified = headers;
      this.kept.set(key, entry);
      this.bytes += entry.ok?.body.byteLength ?? 0;
      for (const [oldest, kept] of this.kept) {
        if (this.bytes <= this.maxBytes) break;
        this.forget(oldest, kept);
      }
    },
  );

  private forget(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.bytes -= entry.ok?.body.byteLength ?? 0;
  }

  /** Answers `request` from memory when an answer to it is kept; false to hand it on. */
  private serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (!plainGet(request)) return false;
    const entry = this.kept.get(keyOf(request));
    if (!entry) return false;
    if (request.headers['if-none-match'] === entry.etag) {
      if (!entry.notModified) return false;
      response.writeHead(304, entry.notModified.flat());
      response.end();
      return true;
    }
    if (!entry.ok) return false;
    response.writeHead(200, [
      ...entry.ok.headers.flat(),
      'content-length',
      String(entry.ok.body.byteLength),
    ]);
    response.end(entry.ok.body);
    return true;
  }

  /** Node's request listener: a kept answer at once, else `route`'s (the router's listener). */
  or(route: RequestListener): RequestListener {
    return (request, response) => {
      if (!this.serve(request, response)) void route(request, response);
    };
  }
}
