import { describe, expect, it } from 'vitest';
import { nicknameError, nicknameFrom } from './nickname.ts';

describe('nicknameFrom', () => {
  it('makes a valid nickname of a display name or an e-mail local part', () => {
    expect(nicknameFrom('Jürgen Groß')).toBe('Jurgen-Gross');
    expect(nicknameFrom('min.ji__park')).toBe('min-ji_park');
    expect(nicknameFrom('  --Ana--  ')).toBe('Ana');
    expect(nicknameFrom('Maximiliane Alexandra von Hohenberg', '4821')).toBe(
      'Maximiliane-Alex4821',
    );
  });

  it('falls back to "reader" for scripts it cannot keep, short names and restricted words', () => {
    expect(nicknameFrom('김민지')).toBe('reader');
    expect(nicknameFrom('Jo')).toBe('reader');
    expect(nicknameFrom('Admin Person')).toBe('reader');
    expect(nicknameFrom('김민지', '17')).toBe('reader17');
  });

  it('always gives a nickname that passes the rules', () => {
    for (const source of ['a.b.c', '___', 'Ω', 'Zoë', 'x'.repeat(40), 'support-team', '1st']) {
      expect(nicknameError(nicknameFrom(source, '99')), source).toBeNull();
    }
  });
});
