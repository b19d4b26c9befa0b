import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAppState, reportAppState } from './app-state';

describe('the app state', () => {
  const unsubscribe: (() => void)[] = [];
  afterEach(() => {
    for (const off of unsubscribe.splice(0)) off();
    reportAppState('visible');
  });
  const listen = () => {
    const listener = vi.fn();
    unsubscribe.push(onAppState(listener));
    return listener;
  };

  it('reports the page hidden (a hidden tab, a closed page) every time, and visible once after', () => {
    const listener = listen();
    window.dispatchEvent(new Event('pagehide'));
    reportAppState('hidden');
    expect(listener.mock.calls).toEqual([['hidden'], ['hidden']]);
    reportAppState('visible');
    reportAppState('visible');
    expect(listener.mock.calls.slice(2)).toEqual([['visible']]);
  });

  it('follows the page visibility, and stops telling a listener that unsubscribed', () => {
    const listener = listen();
    const state = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    state.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(listener.mock.calls).toEqual([['hidden'], ['visible']]);
    unsubscribe.pop()?.();
    reportAppState('hidden');
    expect(listener).toHaveBeenCalledTimes(2);
    state.mockRestore();
  });
});
