import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { acceptInstallOffer, catchInstallOffer } from '../../lib/install';
import { INSTALL_DISMISSED_KEY, InstallPrompt } from './InstallPrompt';

// The app's install offer (issue #18): due on a second visit or once a story is finished, never
// again once dismissed, and on Safari for iPhone (no install dialog there) as instructions.

const reading = vi.hoisted(() => ({ completions: [] as { storyId: number; at: number }[] }));
vi.mock('../stories/reading-lists', () => ({
  useReadingList: () => ({ entries: reading.completions }),
}));

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.0.0 Mobile/15E148 Safari/604.1';

/** The browser's offer to install, as Chromium sends it. */
function browserOffers() {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => {
    window.dispatchEvent(offer);
  });
  return offer;
}

/** A new visit: a new tab session, after `before` visits. */
function visit(before: number) {
  sessionStorage.clear();
  localStorage.setItem('lesefuchs.visits', String(before));
}

const prompt = () => screen.queryByTestId('install-prompt');

beforeAll(async () => {
  await i18n.changeLanguage('en');
  catchInstallOffer();
});
beforeEach(() => {
  reading.completions = [];
});
afterEach(async () => {
  cleanup();
  // The browser's offer, if one is left, is used up; and the visit's storage is gone.
  await acceptInstallOffer();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the install offer', () => {
  it('waits on a first visit, and comes when a story is finished', () => {
    visit(0);
    browserOffers();
    const { rerender } = render(<InstallPrompt />);
    expect(prompt()).toBeNull();

    reading.completions = [{ storyId: 3, at: Date.now() }];
    rerender(<InstallPrompt />);
    expect(prompt()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Install' })).toBeTruthy();
  });

  it('comes on a second visit, and once dismissed never again, whatever the browser offers', () => {
    visit(1);
    browserOffers();
    render(<InstallPrompt />);
    expect(screen.getByRole('heading', { name: 'Install Lesefuchs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();

    // A third visit, with a story finished and a new offer from the browser.
    cleanup();
    visit(2);
    reading.completions = [{ storyId: 3, at: Date.now() }];
    browserOffers();
    render(<InstallPrompt />);
    expect(prompt()).toBeNull();
  });

  it('is dismissed for good by its close button too', () => {
    visit(1);
    browserOffers();
    render(<InstallPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Close the install offer' }));
    expect(prompt()).toBeNull();
    cleanup();
    visit(5);
    browserOffers();
    render(<InstallPrompt />);
    expect(prompt()).toBeNull();
  });

  it('installs through the browser’s dialog', async () => {
    visit(1);
    const offer = browserOffers();
    render(<InstallPrompt />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
  });

  it('on Safari for iPhone, says how to add the app to the home screen', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPHONE_SAFARI, maxTouchPoints: 5 });
    visit(1);
    render(<InstallPrompt />);
    const offer = screen.getByTestId('install-prompt');
    expect(offer.textContent).toBe(
      'Install LesefuchsPut Lesefuchs on your home screen: tap Share and then “Add to Home Screen”.',
    );
    // No install button: Safari has no dialog to open.
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close the install offer' }));
    expect(prompt()).toBeNull();
  });

  it('says nothing in another browser on an iPhone, which has no way to add it', () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPHONE_CHROME, maxTouchPoints: 5 });
    visit(1);
    render(<InstallPrompt />);
    expect(prompt()).toBeNull();
  });
});
