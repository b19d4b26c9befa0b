import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INPUT_MAX,
  INPUT_MESSAGES,
  type InputKind,
  inputErrorMessage,
  isIgnoredStoryId,
  validateInput,
} from './input.ts';
import { inputSchema } from './input-schema.ts';

const KINDS: InputKind[] = ['word', 'title', 'sentence', 'note'];
const { suspicious, wordTooShort, wordCharacters, invalid } = INPUT_MESSAGES;

const errorsOf = (value: unknown, kind: InputKind) => {
  const result = validateInput(value, kind);
  return result.valid ? [] : result.errors;
};

describe('validateInput: the value itself', () => {
  it.each([null, undefined, 42, true, {}, [], ['Apfel'], ''])(
    '%j is invalid input for every kind',
    (value) => {
      for (const kind of KINDS) {
        expect(validateInput(value, kind)).toEqual({ valid: false, errors: [invalid] });
      }
    },
  );

  it('returns an accepted value unchanged', () => {
    expect(validateInput('der Apfel', 'word')).toEqual({ valid: true, value: 'der Apfel' });
  });
});

describe('validateInput: maximum lengths', () => {
  it('has the spec maxima', () => {
    expect(INPUT_MAX).toEqual({ word: 100, title: 200, sentence: 500, note: 1000 });
  });

  it.each([
    ['word', 100, 'Word too long (max 100 characters)'],
    ['title', 200, 'Title too long (max 200 characters)'],
    ['sentence', 500, 'Sentence too long (max 500 characters)'],
    ['note', 1000, 'Note too long (max 1000 characters)'],
  ] as const)('%s: %i characters pass, one more is too long', (kind, max, message) => {
    // Words without long repeats, so only the length decides.
    const text = 'Apfelbaum '
      .repeat(max)
      .slice(0, max - 1)
      .concat('e');
    expect(validateInput(text, kind)).toEqual({ valid: true, value: text });
    expect(validateInput(`${text}s`, kind)).toEqual({ valid: false, errors: [message] });
  });

  it('counts characters, not UTF-16 units', () => {
    // U+20000 and U+20001 are CJK letters of two UTF-16 units each.
    const astral = '\u{20000}\u{20001}'.repeat(100);
    expect(astral).toHaveLength(400);
    expect(validateInput(astral, 'title')).toEqual({ valid: true, value: astral });
    expect(errorsOf(`${astral}\u{20000}`, 'title')).toEqual([
      'Title too long (max 200 characters)',
    ]);
  });

  it('reports a very long text as too long alone', () => {
    expect(errorsOf('<script>'.repeat(10_000), 'note')).toEqual([
      'Note too long (max 1000 characters)',
    ]);
  });
});

describe('validateInput: suspicious content', () => {
  it('rejects a character repeated 11 or more times, but not 10', () => {
    expect(validateInput(`J${'a'.repeat(10)}`, 'sentence').valid).toBe(true);
    expect(errorsOf(`J${'a'.repeat(11)}`, 'sentence')).toEqual([suspicious]);
    expect(errorsOf(`J${'a'.repeat(30)}`, 'sentence')).toEqual([suspicious]);
    expect(validateInput(`Nein${'!'.repeat(10)}`, 'note').valid).toBe(true);
    expect(errorsOf(`Nein${'!'.repeat(11)}`, 'note')).toEqual([suspicious]);
    expect(errorsOf(`Hallo${' '.repeat(11)}du`, 'note')).toEqual([suspicious]);
    expect(errorsOf(`Ha${'a'.repeat(11)}llo`, 'word')).toEqual([suspicious]);
    expect(errorsOf('ß'.repeat(11), 'word')).toEqual([suspicious]);
  });

  it.each([
    'test123',
    'Test1',
    'spam99',
    'SPAM 1 und spam2',
    'bot7',
    'ein Bot42 hier',
    'test_1 test2',
  ])('rejects test/spam/bot with digits: %s', (text) => {
    expect(errorsOf(text, 'note')).toContain(suspicious);
  });

  it.each(['Test', 'Der Test war schwer.', 'Robot2', 'Testament', 'Spam ist Werbung.', 'Test 1'])(
    'accepts test/spam/bot without digits attached: %s',
    (text) => {
      expect(validateInput(text, 'note').valid).toBe(true);
    },
  );

  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT src=x>',
    'javascript:alert(1)',
    'JavaScript: void',
    'onload=alert(1)',
    'img onerror = x',
    '<iframe src=x>',
    'data:text/html,hallo',
  ])('rejects script markers: %s', (text) => {
    for (const kind of KINDS) expect(errorsOf(text, kind)).toContain(suspicious);
  });

  it('still accepts words that only look like markers', () => {
    expect(validateInput('Die Online-Anmeldung ist einfach.', 'sentence').valid).toBe(true);
    expect(validateInput('JavaScript ist eine Sprache.', 'sentence').valid).toBe(true);
  });

  it.each([' Apfel', 'Apfel ', '\tApfel', 'Apfel\n', ' ', '   ', '\n\n'])(
    'rejects leading, trailing or blank whitespace: %j',
    (text) => {
      for (const kind of KINDS) expect(errorsOf(text, kind)).toContain(suspicious);
    },
  );

  it('accepts inner whitespace, line breaks in notes included', () => {
    expect(validateInput('Erster Absatz.\n\nZweiter Absatz.', 'note').valid).toBe(true);
    expect(validateInput('der  Apfel', 'word').valid).toBe(true);
  });

  it.each(['a < b', 'x = 1', 'Preis: 5 €', '50 %', 'a/b', 'a & b', '#Hashtag', '@name', '{x}'])(
    'rejects characters outside the allowed set: %s',
    (text) => {
      expect(errorsOf(text, 'note')).toEqual([suspicious]);
    },
  );

  it('allows word characters of any script, digits and underscore in every kind but word', () => {
    for (const kind of ['title', 'sentence', 'note'] as const) {
      for (const text of ['José Müller', '김민지', 'Parzelle 47', 'snake_case', 'Ärger über Öl']) {
        expect(validateInput(text, kind), `${kind}: ${text}`).toEqual({ valid: true, value: text });
      }
    }
  });
});

describe('validateInput: sentences, notes and titles', () => {
  it.each([
    'Ich habe heute einen Apfel gegessen.',
    'Wie geht es dir?',
    'Komm sofort her!',
    '„Das wird eine lange Nacht“, sagte sie und bot Mira einen Tee an.',
    'Er sagte: »Ich komme morgen.«',
    'Sie flüsterte: ‚Psst!‘ – und ging.',
    'Erst denken; dann handeln.',
    'Das Wort (im Plural) ist „Äpfel“.',
    'Na ja … vielleicht.',
    'Die Straße – nicht der Weg — war lang.',
    'Er sagt "Hallo" und geht’s an.',
    '¿Dónde está la llave?',
    '¡Prueben, por favor!',
    '맛보고 가세요!',
  ])('accepts the sentence %s', (text) => {
    expect(validateInput(text, 'sentence')).toEqual({ valid: true, value: text });
    expect(validateInput(text, 'note')).toEqual({ valid: true, value: text });
  });

  it.each([
    'Wo ist der Schlüssel?',
    'Bitte probieren!',
    'Die Nacht an der Bornholmer Straße',
    'Alaaf, Not Helau',
    "The Mountain Isn't Going Anywhere",
    'Parzelle 47',
    '7호실의 시계',
    'Story Context',
  ])('accepts the real title %s', (text) => {
    expect(validateInput(text, 'title')).toEqual({ valid: true, value: text });
  });
});

describe('validateInput: words', () => {
  it.each([
    'der Apfel',
    'Straße',
    'Kühlschrank',
    'E-Mail',
    "geht's",
    'geht’s',
    'z.B.',
    'Ärger',
    'Öl',
    'über',
    'ÜBUNG',
    'Café',
    'Crème brûlée',
    'Fußgängerüberweg',
    'ab',
    'Ku\u0308hlschrank', // ü written as u + combining diaeresis
  ])('accepts %s', (word) => {
    expect(validateInput(word, 'word')).toEqual({ valid: true, value: word });
  });

  it('needs at least 2 characters', () => {
    expect(errorsOf('a', 'word')).toEqual([wordTooShort]);
    expect(errorsOf('ß', 'word')).toEqual([wordTooShort]);
    expect(validateInput('a', 'note').valid).toBe(true);
  });

  it.each(['Apfel1', 'Haus2', '100', 'snake_case', 'Wie bitte?', 'Apfel!', 'Moment, bitte'])(
    'rejects characters a German word does not have: %s',
    (word) => {
      expect(errorsOf(word, 'word')).toContain(wordCharacters);
    },
  );

  it.each(['김치', 'Москва', 'λόγος', 'der\tApfel', '...', '--', "'-"])(
    'rejects non-Latin letters, tabs and words without a letter: %s',
    (word) => {
      expect(errorsOf(word, 'word')).toContain(wordCharacters);
    },
  );

  it('collects every reason, each once, in the spec order', () => {
    expect(errorsOf('1', 'word')).toEqual([wordTooShort, wordCharacters]);
    expect(errorsOf('test12', 'word')).toEqual([suspicious, wordCharacters]);
    expect(errorsOf(' <', 'word')).toEqual([suspicious, wordCharacters]);
    expect(errorsOf('!', 'word')).toEqual([suspicious, wordTooShort, wordCharacters]);
  });
});

describe('inputErrorMessage', () => {
  it('prefixes the reasons by kind', () => {
    expect(inputErrorMessage('word', [wordTooShort, wordCharacters])).toBe(
      'Invalid word: Word too short (minimum 2 characters); Invalid characters for German word',
    );
    expect(inputErrorMessage('title', [suspicious])).toBe(
      'Invalid story title: Suspicious content detected',
    );
    expect(inputErrorMessage('sentence', ['Sentence too long (max 500 characters)'])).toBe(
      'Invalid sentence: Sentence too long (max 500 characters)',
    );
    expect(inputErrorMessage('note', [invalid])).toBe('Invalid note: Invalid input provided');
    expect(inputErrorMessage('word', [])).toBe('Invalid word: Invalid input provided');
  });

  it('shows a bookmark title refusal as the spec writes it', () => {
    const result = validateInput('<script>', 'title');
    expect(result.valid).toBe(false);
    if (!result.valid) {
      expect(inputErrorMessage('title', result.errors)).toBe(
        'Invalid story title: Suspicious content detected',
      );
    }
  });
});

describe('inputSchema', () => {
  it('passes valid text through', () => {
    expect(inputSchema('word').parse('Kühlschrank')).toBe('Kühlschrank');
    expect(inputSchema('title').safeParse('Wo ist der Schlüssel?').success).toBe(true);
  });

  it('fails with the first reason as the issue message', () => {
    const result = inputSchema('word').safeParse('!');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(suspicious);
    expect(inputSchema('word').safeParse('a').error?.issues[0]?.message).toBe(wordTooShort);
    expect(inputSchema('title').safeParse('x'.repeat(201)).error?.issues[0]?.message).toBe(
      'Title too long (max 200 characters)',
    );
  });

  it.each([null, undefined, 3, '', {}])('fails %j with "Invalid input provided"', (value) => {
    expect(inputSchema('note').safeParse(value).error?.issues[0]?.message).toBe(invalid);
  });
});

describe('isIgnoredStoryId', () => {
  it.each([null, undefined, 'null', 'undefined'])('ignores %j', (id) => {
    expect(isIgnoredStoryId(id)).toBe(true);
  });
  it.each([0, 1, 42, '42', 'Null', ''])('keeps %j', (id) => {
    expect(isIgnoredStoryId(id)).toBe(false);
  });
});

describe('validateInput: properties', () => {
  const kind = fc.constantFrom<InputKind>(...KINDS);

  it('never throws, and returns accepted values unchanged and within the maximum', () => {
    fc.assert(
      fc.property(fc.anything(), kind, (value, k) => {
        const result = validateInput(value, k);
        if (result.valid) {
          expect(result.value).toBe(value);
          expect([...result.value].length).toBeLessThanOrEqual(INPUT_MAX[k]);
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('holds for arbitrary strings too, including lone surrogates and long texts', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.string({ minLength: 95, maxLength: 2100 }),
      // Mostly valid text of every length up to 1100, so the accepted branch and each
      // maximum are exercised too.
      fc.string({ unit: fc.constantFrom(...'aäbEößü .-’,?1'), maxLength: 1100, size: 'max' }),
    );
    fc.assert(
      fc.property(text, kind, (value, k) => {
        const result = validateInput(value, k);
        if (result.valid) {
          expect(result.value).toBe(value);
          expect([...value].length).toBeLessThanOrEqual(INPUT_MAX[k]);
          expect(value.trim()).toBe(value);
          expect(value.length).toBeGreaterThan(0);
        } else {
          expect(new Set(result.errors).size).toBe(result.errors.length);
        }
      }),
    );
  });

  it('agrees with inputSchema', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.anything()), kind, (value, k) => {
        const result = validateInput(value, k);
        const parsed = inputSchema(k).safeParse(value);
        expect(parsed.success).toBe(result.valid);
        if (!result.valid) expect(parsed.error?.issues[0]?.message).toBe(result.errors[0]);
      }),
    );
  });
});
