import { describe, expect, it } from 'vitest';
import {
  NICKNAME_MESSAGES,
  nicknameError,
  nicknameTaken,
  RESTRICTED_NICKNAME_WORDS,
} from './nickname.ts';
import { checkPassword } from './password.ts';

describe('nicknameError', () => {
  it.each([
    ['', 'Nickname is required'],
    ['   ', 'Nickname is required'],
    ['ab', 'Nickname must be at least 3 characters'],
    ['  ab  ', 'Nickname must be at least 3 characters'],
    ['a'.repeat(21), 'Nickname must be 20 characters or less'],
    ['lena.m', NICKNAME_MESSAGES.characters],
    ['lena m', NICKNAME_MESSAGES.characters],
    ['_lena', NICKNAME_MESSAGES.start],
    ['-lena', NICKNAME_MESSAGES.start],
    ['le__na', NICKNAME_MESSAGES.consecutive],
    ['le--na', NICKNAME_MESSAGES.consecutive],
    ['SuperAdmin', 'This nickname contains restricted words. Please choose another.'],
    ['adm1n_k', 'This nickname contains restricted words. Please choose another.'],
    ['LeseFuchs-Fan', 'This nickname contains restricted words. Please choose another.'],
  ])('"%s" → %s', (nickname, message) => {
    expect(nicknameError(nickname)).toBe(message);
  });

  it.each(['Lena_M', 'mara-22', '9lives', '김민지', 'José', '  Karla  ', 'a'.repeat(20)])(
    'accepts "%s"',
    (nickname) => {
      expect(nicknameError(nickname)).toBeNull();
    },
  );

  it.each(RESTRICTED_NICKNAME_WORDS)('refuses a nickname containing "%s"', (word) => {
    expect(nicknameError(`x${word.toUpperCase()}9`.slice(0, 20))).toBe(
      NICKNAME_MESSAGES.restricted,
    );
  });
});

describe('nicknameTaken', () => {
  const taken = ['Lena', 'fuchsbau'];
  it('matches exactly, case-insensitively and by substring either way', () => {
    expect(nicknameTaken('Lena', taken)).toBe(true);
    expect(nicknameTaken('LENA', taken)).toBe(true);
    expect(nicknameTaken('Lena_M', taken)).toBe(true);
    expect(nicknameTaken('bau', taken)).toBe(true);
    expect(nicknameTaken('Mara', taken)).toBe(false);
  });

  it('does not let an empty or short stored name block every nickname containing it', () => {
    expect(nicknameTaken('Lena', ['', ' ', 'e', 'le'])).toBe(false);
    expect(nicknameTaken('Lena', ['LE'])).toBe(false);
    // Whole, they still clash (a two-letter name can only be matched by itself).
    expect(nicknameTaken('le', ['LE'])).toBe(true);
  });
});

describe('offensive nicknames', () => {
  it.each(['fuckface', 'Xx_Hitler_xX', 'wichser99', '씨발놈'])('refuses %s', (name) => {
    expect(nicknameError(name)).toBe(NICKNAME_MESSAGES.restricted);
  });
  it.each(['Computadora', 'Marschall', 'Scunthorpe', 'Hurenberg'])('lets %s pass', (name) => {
    expect(nicknameError(name)).toBeNull();
  });
});

describe('checkPassword', () => {
  it('needs a password', () => {
    expect(checkPassword('')).toMatchObject({
      message: 'Password is required',
      acceptable: false,
      strength: 'weak',
    });
  });
  it('grades by the number of failed rules', () => {
    expect(checkPassword('Tr0cken!Brot').strength).toBe('strong');
    expect(checkPassword('Trocken!Brot').strength).toBe('good');
    expect(checkPassword('trocken!brot').strength).toBe('fair');
    expect(checkPassword('trockenbrot').strength).toBe('weak');
    expect(checkPassword('Ab1!').strength).toBe('good');
  });
  it('accepts at least 8 characters with at most two kinds missing', () => {
    expect(checkPassword('trocken!brot').acceptable).toBe(true);
    expect(checkPassword('trockenbrot').acceptable).toBe(false);
    expect(checkPassword('Ab1!').acceptable).toBe(false);
  });
  it('lists what a failing password must have', () => {
    expect(checkPassword('trockenbrot').message).toBe(
      'Password must have: an uppercase letter, a number, a symbol.',
    );
    expect(checkPassword('Ab1!').message).toBe('Password must have: at least 8 characters.');
    expect(checkPassword('Tr0cken!Brot').message).toBeNull();
  });
});
