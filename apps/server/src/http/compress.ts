import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';

// Responses go out compressed when the client takes it: brotli before gzip. Built assets are
// compressed once at build (their .br/.gz files, served by serveStatic's `precompressed`);
// everything else worth it (JSON, the app's HTML) is compressed here, on the fly, at a quick
// level. Event streams, byte ranges, small bodies and bodies already encoded go as they are.

/** Bodies smaller than this are not worth a compression pass. */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE =
  /^(application\/(json|javascript|manifest\+json|xml)|text\/(html|plain|css|javascript)|image\/svg\+xml)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to use for a request's Accept-Encoding, or null. */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compresses compressible responses of at least `COMPRESS_MIN_BYTES` for clients that accept it. */
export const compressResponses = createMiddleware(async (c, next) => {
  await next();
  const response = c.res;
  const type = response.headers.get('Content-Type') ?? '';
  if (
    c.req.method !== 'GET' ||
    response.status !== 200 ||
    !response.body ||
    !COMPRESSIBLE.test(type) ||
    response.headers.has('Content-Encoding') ||
    response.headers.has('Content-Range')
  ) {
    return;
  }
  const vary = response.headers.get('Vary');
  const headers = new Headers(response.headers);
  if (!vary?.toLowerCase().includes('accept-encoding'))
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  const body = Buffer.from(await response.arrayBuffer());
  // Hono copies every header of the response it replaces onto the new one (a file's
  // Content-Length too, which would cut the compressed body off): drop the old one first.
  c.res = undefined as unknown as Response;
  if (!encoding || body.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(body, { status: response.status, headers });
    return;
  }
  const compressed =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : await gzipAsync(body, { level: 6 });
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  c.res = new Response(compressed, { status: response.status, headers });
});
