import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from './fake-event-source.test-helper';
import { RealtimeConnection, useRealtimeEvent } from './realtime';

vi.mock('./session', () => ({ useAuth: () => ({ user: { id: 'reader-1' } }) }));

function Listener({ type, onEvent }: { type: string; onEvent: (data: unknown) => void }) {
  useRealtimeEvent(type, onEvent);
  return null;
}

describe('the realtime stream', () => {
  beforeEach(() => {
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands named events to their handlers', () => {
    const stats = vi.fn();
    render(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
      </>,
    );
    act(() => FakeEventSource.last?.emit('stats', '{"kind":"streak"}'));
    expect(stats).toHaveBeenCalledWith({ kind: 'streak' });
  });

  it('runs a handler once as it mounts when its kind of event came while no one listened', () => {
    const stats = vi.fn();
    const membership = vi.fn();
    const { rerender, unmount } = render(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
      </>,
    );
    act(() => FakeEventSource.last?.emit('open'));
    // The membership's handler mounts once the page is idle; its event came before.
    act(() => FakeEventSource.last?.emit('membership', '{"status":"active"}'));
    rerender(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
        <Listener type="membership" onEvent={membership} />
      </>,
    );
    expect(membership).toHaveBeenCalledTimes(1);
    expect(membership).toHaveBeenCalledWith(null);
    expect(stats).not.toHaveBeenCalled();
    // Mounted again with nothing missed meanwhile: not run.
    const later = vi.fn();
    rerender(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
        <Listener type="membership" onEvent={membership} />
        <Listener type="vocabulary" onEvent={later} />
      </>,
    );
    expect(later).not.toHaveBeenCalled();
    act(() => FakeEventSource.last?.emit('membership', '{"status":"none"}'));
    expect(membership).toHaveBeenLastCalledWith({ status: 'none' });
    unmount();
  });

  it('runs every handler once on "resync" and after a reconnect, not on the first open', () => {
    const stats = vi.fn();
    const bookmarks = vi.fn();
    render(
      <>
        <RealtimeConnection />
        <Listener type="stats" onEvent={stats} />
        <Listener type="bookmarks" onEvent={bookmarks} />
      </>,
    );
    const source = FakeEventSource.last as FakeEventSource;
    act(() => source.emit('open'));
    expect(stats).not.toHaveBeenCalled();

    act(() => source.emit('resync'));
    expect(stats).toHaveBeenCalledTimes(1);
    expect(bookmarks).toHaveBeenCalledTimes(1);

    act(() => {
      source.emit('error');
      source.emit('open');
    });
    expect(stats).toHaveBeenCalledTimes(2);
    expect(bookmarks).toHaveBeenCalledTimes(2);
  });
});
