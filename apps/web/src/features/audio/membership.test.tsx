import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { useMembership } from './membership';

// The device's copy of the membership on a reload (issue #18): a copy a few seconds old is asked
// of the server again while online, so an operator's grant or revoke shows at the next reload;
// a fresh one is used as it is, and offline the copy is used whatever its age.

const device = vi.hoisted(() => ({ offline: false }));
vi.mock('../../lib/api', () => ({ api: vi.fn() }));
vi.mock('../../lib/use-device-user', () => ({
  useDeviceUser: () => ({ status: 'signed-in', userId: 'reader-1', offline: device.offline }),
}));

const KEY = 'lesefuchs.membership.reader-1';
const SERVER_SAYS_MEMBER = {
  is_premium: true,
  subscription_status: 'active',
  premium_expires_at: '2099-01-01T00:00:00.000Z',
};

/** A copy on the device that says "free plan", fetched `age` ms ago. */
function storeFreeCopy(age: number) {
  localStorage.setItem(
    KEY,
    JSON.stringify({
      isPremium: false,
      subscriptionStatus: 'none',
      premiumExpiresAt: null,
      fetchedAt: Date.now() - age,
    }),
  );
}

function Membership() {
  const { isPremium } = useMembership();
  return <p data-testid="membership">{isPremium ? 'premium' : 'free'}</p>;
}

/** The page loading afresh: a new query cache, as after a reload. */
function reload() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Membership />
    </QueryClientProvider>,
  );
}
const shown = () => screen.getByTestId('membership').textContent;

beforeEach(() => {
  device.offline = false;
  vi.mocked(api).mockResolvedValue(SERVER_SAYS_MEMBER);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.mocked(api).mockReset();
});

describe('the membership copy on a reload', () => {
  it('asks the server while online when the copy is ten seconds old', async () => {
    storeFreeCopy(10_000);
    reload();
    // The request goes out as the page mounts, so the other cases can check at once that none did.
    expect(api).toHaveBeenCalledWith('/api/membership');
    await waitFor(() => expect(shown()).toBe('premium'));
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({
      isPremium: true,
      subscriptionStatus: 'active',
    });
  });

  it('uses a copy fetched moments ago as it is', () => {
    storeFreeCopy(1_000);
    reload();
    expect(api).not.toHaveBeenCalled();
    expect(shown()).toBe('free');
  });

  it('uses the copy whatever its age while offline', () => {
    device.offline = true;
    storeFreeCopy(60 * 60_000);
    reload();
    expect(api).not.toHaveBeenCalled();
    expect(shown()).toBe('free');
  });

  it('asks the server when the device has no copy', async () => {
    reload();
    await waitFor(() => expect(shown()).toBe('premium'));
    expect(api).toHaveBeenCalledTimes(1);
  });
});
