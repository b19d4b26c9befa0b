import type { FlashcardCard } from '@lesefuchs/core/srs/api';
import { describe, expect, it } from 'vitest';
import { tabFromSearch } from './OverviewTabs';
import { applyCardChange, overviewKeys } from './overview-api';

const card = (id: number, flags: Partial<FlashcardCard> = {}) =>
  ({ id, word: `w${id}`, is_leech: false, is_suspended: true, ...flags }) as FlashcardCard;

describe('applyCardChange', () => {
  const list = [card(1, { is_leech: true }), card(2), card(3, { is_leech: true })];
  it('drops a card that is neither a leech nor suspended any more', () => {
    expect(applyCardChange(list, card(1, { is_suspended: false })).map((c) => c.id)).toEqual([
      2, 3,
    ]);
  });
  it('keeps a card that is still held back, with the server copy', () => {
    const changed = card(3, { is_leech: false, is_suspended: true });
    const next = applyCardChange(list, changed);
    expect(next.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(next[2]).toBe(changed);
  });
});

describe('overviewKeys', () => {
  it('keeps every read of a user under one key, so one invalidation reloads them all', () => {
    const mine = overviewKeys.mine('u1');
    for (const key of [
      overviewKeys.overview('u1'),
      overviewKeys.leeches('u1'),
      overviewKeys.studiedToday('u1', 'Europe/Berlin'),
      overviewKeys.stats('u1', 'Europe/Berlin'),
    ])
      expect(key.slice(0, mine.length)).toEqual([...mine]);
    expect(overviewKeys.overview('u2')).not.toEqual(overviewKeys.overview('u1'));
  });
});

describe('tabFromSearch', () => {
  it('reads the tab from the address, the first tab otherwise', () => {
    expect(tabFromSearch('leeches')).toBe('leeches');
    expect(tabFromSearch('today')).toBe('today');
    expect(tabFromSearch(null)).toBe('study');
    expect(tabFromSearch('settings')).toBe('study');
  });
});
