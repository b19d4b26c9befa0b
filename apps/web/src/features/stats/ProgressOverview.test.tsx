import { EMPTY_STATS, type HomepageStats } from '@lesefuchs/core/stats/stats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { ProgressOverview } from './ProgressOverview';
import { stopStatsQueue } from './stats-queue';
import { recordActivity } from './streak-store';

let served: HomepageStats;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ stats: served })),
  );
});

afterEach(() => {
  cleanup();
  stopStatsQueue();
  vi.unstubAllGlobals();
});

function renderFor(userId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProgressOverview userId={userId} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Your progress' });
}

const tile = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByTestId('progress-tile')
    .find((element) => element.textContent?.startsWith(label));

describe('the profile’s activity', () => {
  it('never says "no activity" beside a story read', async () => {
    served = { ...EMPTY_STATS, storiesReadCount: 1 };
    const region = renderFor('reader-1');
    expect(await within(region).findByText(/^Every day you read, listen/)).toBeTruthy();
    expect(within(region).queryByText(/No activity yet/)).toBeNull();
  });

  it('says "no activity" only when there is none', async () => {
    served = { ...EMPTY_STATS };
    const region = renderFor('reader-2');
    expect(await within(region).findByText(/^No activity yet\./)).toBeTruthy();
  });

  it('shows the header’s streak: a day this device knows counts before the server does', async () => {
    served = { ...EMPTY_STATS };
    recordActivity('reader-3');
    const region = renderFor('reader-3');
    await within(region).findByText(/^Every day you read, listen/);
    expect(tile(region, 'Current streak')?.textContent).toBe('Current streak1');
    expect(tile(region, 'Best streak')?.textContent).toBe('Best streak1');
    expect(within(region).getByTestId('last-activity').textContent).toMatch(/^Last active: /);
  });
});
