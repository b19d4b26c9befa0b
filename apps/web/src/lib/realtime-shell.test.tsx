import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from './fake-event-source.test-helper';
import { RealtimeConnection, useRealtimeEvent } from './realtime';

// Inside the native shell the event stream is read through fetch with the bearer token (the
// `eventsource` package), since the browser's EventSource sends no headers. The package is
// faked at the edge: what the app hands it (the address, the fetch with the token) is checked.

vi.mock('./session', () => ({ useAuth: () => ({ user: { id: 'reader-1' } }) }));
vi.mock('./server', () => ({
  usesBearerToken: () => true,
  serverUrl: (path: string) => `https://api.example${path}`,
  credentialsOfRequest: () => ({
    headers: { Authorization: 'Bearer signed.token' },
    credentials: 'omit' as const,
  }),
}));

vi.mock('eventsource', async () => ({
  EventSource: (await import('./fake-event-source.test-helper')).FakeEventSource,
}));

function Listener({ type, onEvent }: { type: string; onEvent: (data: unknown) => void }) {
  useRealtimeEvent(type, onEvent);
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the realtime stream inside the native shell', () => {
  it("reads the server's stream with the bearer token and hands its events on", async () => {
    const stats = vi.fn();
    render(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
      </>,
    );
    await vi.waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last as FakeEventSource;
    expect(stream.url).toBe('https://api.example/api/events');

    const fetchSpy = vi.fn(async (_input: string, _init?: RequestInit) => new Response(''));
    vi.stubGlobal('fetch', fetchSpy);
    await stream.options?.fetch?.(stream.url, { headers: { Accept: 'text/event-stream' } });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.headers).toEqual({
      Accept: 'text/event-stream',
      Authorization: 'Bearer signed.token',
    });
    expect(init?.credentials).toBe('omit');

    act(() => stream.emit('stats', '{"kind":"streak"}'));
    expect(stats).toHaveBeenCalledWith({ kind: 'streak' });
  });
});
