import { describe, expect, it } from 'vitest';
import { recoveryLinkAction } from './recovery-link.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('recoveryLinkAction', () => {
  it('sends a recovery link with both tokens in the hash to /reset-password, tokens kept', () => {
    const hash = '#access_token=a1&refresh_token=r1&type=recovery';
    expect(recoveryLinkAction(at('/', '', hash))).toEqual({
      kind: 'redirect',
      to: `/reset-password${hash}`,
      recovery: true,
    });
  });

  it('does the same for tokens in the query, from any page', () => {
    const search = '?type=recovery&access_token=a&refresh_token=r';
    expect(recoveryLinkAction(at('/stories', search))).toEqual({
      kind: 'redirect',
      to: `/reset-password${search}`,
      recovery: true,
    });
  });

  it('needs both tokens', () => {
    expect(recoveryLinkAction(at('/', '', '#access_token=a&type=recovery'))).toEqual({
      kind: 'mark-recovery',
    });
  });

  it('on /reset-password itself only marks the recovery state', () => {
    expect(
      recoveryLinkAction(
        at('/reset-password', '', '#access_token=a&refresh_token=r&type=recovery'),
      ),
    ).toEqual({
      kind: 'mark-recovery',
    });
  });

  it('leaves a sign-up hash alone', () => {
    expect(recoveryLinkAction(at('/', '', '#access_token=a&refresh_token=r&type=signup'))).toEqual({
      kind: 'none',
    });
  });

  it('strips an empty hash', () => {
    expect(recoveryLinkAction(at('/stories', '?sort=difficulty', '#'))).toEqual({
      kind: 'strip-hash',
      to: '/stories?sort=difficulty',
    });
  });

  it('does nothing to an ordinary URL', () => {
    expect(recoveryLinkAction(at('/study', '', '#section'))).toEqual({ kind: 'none' });
    expect(recoveryLinkAction(at('/'))).toEqual({ kind: 'none' });
  });
});
