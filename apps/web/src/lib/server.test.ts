import { afterEach, describe, expect, it } from 'vitest';
import { bearerToken, credentialsOfRequest, keepBearerToken, serverUrl } from './server';

type CapacitorWindow = { Capacitor?: { isNativePlatform: () => boolean } };

describe('requests to the server', () => {
  afterEach(() => {
    delete (window as CapacitorWindow).Capacitor;
    keepBearerToken(null);
  });

  it("go to the page's own origin with the cookie on the web, never with a token", () => {
    keepBearerToken('kept.from-before');
    expect(serverUrl('/api/stories')).toBe('/api/stories');
    expect(credentialsOfRequest()).toEqual({ headers: {}, credentials: 'same-origin' });
  });

  it('carry the kept bearer token and no cookie inside the native shell', () => {
    (window as CapacitorWindow).Capacitor = { isNativePlatform: () => true };
    expect(credentialsOfRequest()).toEqual({ headers: {}, credentials: 'omit' });
    keepBearerToken('abc.signature');
    expect(bearerToken()).toBe('abc.signature');
    expect(credentialsOfRequest()).toEqual({
      headers: { Authorization: 'Bearer abc.signature' },
      credentials: 'omit',
    });
    keepBearerToken(null);
    expect(bearerToken()).toBeNull();
    expect(credentialsOfRequest().headers).toEqual({});
  });
});
