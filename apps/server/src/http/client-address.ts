import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Headers a proxy sets to say whom it forwards for. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** The peer address of the socket, or null for a request that came without one (app.request()). */
export function socketAddress(c: Context): string | null {
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return null;
  return getConnInfo(c).remote.address ?? null;
}

/**
 * The client's address. With `trustProxy` 0 it is the socket's peer: a forwarding header can be
 * written by anyone and is ignored. With N trusted hops, the N-th address from the right of
 * `X-Forwarded-For` (each trusted proxy appends the address it received the request from).
 */
export function clientAddress(c: Context, trustProxy: number): string | null {
  const socket = socketAddress(c);
  if (trustProxy === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => isIP(entry) !== 0);
  const chain = socket ? [...forwarded, socket] : forwarded;
  return chain[Math.max(0, chain.length - 1 - trustProxy)] ?? socket;
}

/** Whether the request names a proxy hop in any forwarding header. */
export const hasForwardingHeaders = (headers: Headers) =>
  FORWARDING_HEADERS.some((name) => headers.has(name));

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Whether a URL's host is this machine (localhost, 127.x, [::1]). */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/** Request headers for a handler that reads the client from `X-Forwarded-For` (better-auth). */
export function headersWithClient(headers: Headers, address: string | null): Headers {
  const next = new Headers(headers);
  for (const name of FORWARDING_HEADERS) next.delete(name);
  if (address) next.set('x-forwarded-for', address);
  return next;
}
