import { afterEach, describe, expect, it, vi } from 'vitest';

// The native shell's haptics plugin, faked at the edge (Capacitor's bridge).
const haptics = vi.hoisted(() => ({ vibrate: vi.fn(async () => undefined) }));
vi.mock('@capacitor/haptics', () => ({ Haptics: haptics }));

import { isNativeShell, vibrate } from './native';

type CapacitorWindow = { Capacitor?: { isNativePlatform: () => boolean } };

describe('vibrate', () => {
  afterEach(() => {
    delete (window as CapacitorWindow).Capacitor;
    haptics.vibrate.mockClear();
  });

  it("uses the browser's vibration on the web", () => {
    const browser = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: browser, configurable: true });
    expect(isNativeShell()).toBe(false);
    vibrate(50);
    expect(browser).toHaveBeenCalledWith(50);
    expect(haptics.vibrate).not.toHaveBeenCalled();
  });

  it("uses the shell's haptics inside the native shell", async () => {
    const browser = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: browser, configurable: true });
    (window as CapacitorWindow).Capacitor = { isNativePlatform: () => true };
    expect(isNativeShell()).toBe(true);
    vibrate(50);
    await vi.waitFor(() => expect(haptics.vibrate).toHaveBeenCalledWith({ duration: 50 }));
    expect(browser).not.toHaveBeenCalled();
  });

  it('never throws, with no vibration at all or a failing plugin', async () => {
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true });
    expect(() => vibrate(50)).not.toThrow();
    (window as CapacitorWindow).Capacitor = { isNativePlatform: () => true };
    haptics.vibrate.mockRejectedValueOnce(new Error('no vibrator'));
    expect(() => vibrate(50)).not.toThrow();
    await vi.waitFor(() => expect(haptics.vibrate).toHaveBeenCalled());
  });
});
