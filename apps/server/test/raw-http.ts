import { type IncomingHttpHeaders, request } from 'node:http';

/** An answer as it came over the socket. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request over a real socket, as a browser's reaches Node (`app.request()` never states a
 * body's length): `body` sent whole with its length, or with `chunked` in pieces with none
 * (Node then sends Transfer-Encoding: chunked).
 */
export function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    chunked = false,
  }: { method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    if (body === undefined) return sent.end();
    if (!chunked) {
      sent.setHeader('content-length', Buffer.byteLength(body));
      return sent.end(body);
    }
    for (let at = 0; at < body.length; at += 300) sent.write(body.slice(at, at + 300));
    sent.end();
  });
}
