import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENDERS, type Gender, LEVELS } from '../content/taxonomy.ts';
import { INTERFACE_LANGUAGES } from '../i18n/languages.ts';
import { seededRandom } from '../random.ts';
import {
  ARTICLES,
  answer,
  askable,
  blankedContext,
  buildQuestion,
  type ChoiceQuestion,
  cacheIsStale,
  endGame,
  FALLBACK_OPTIONS,
  type GameState,
  makeCache,
  meaningOf,
  msLeft,
  nextBatch,
  nextQuestion,
  pickDistractors,
  pointsFor,
  QUIZ_GAME_MODES,
  QUIZ_LIMITS,
  QUIZ_RULES,
  type QuestionSettings,
  type QuizCache,
  type QuizGameMode,
  type QuizQuestion,
  type QuizWord,
  startGame,
  type TrueFalseQuestion,
  timeIsUp,
} from './quiz.ts';

const DAY = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

const word = (id: number, fields: Partial<QuizWord> = {}): QuizWord => ({
  id,
  word: `das Wort${id}`,
  baseWord: `Wort${id}`,
  gender: 'neuter',
  plural: null,
  partOfSpeech: 'noun',
  level: 'A1',
  translationEn: `word ${id}`,
  translationEs: `palabra ${id}`,
  translationKr: `단어 ${id}`,
  exampleSentence: `Das Wort${id} ist kurz.`,
  ...fields,
});

const HUND = word(1, {
  word: 'der Hund',
  baseWord: 'Hund',
  gender: 'masculine',
  translationEn: 'dog',
  translationEs: 'perro',
  translationKr: '개',
  exampleSentence: 'Der Hund bellt.',
});
const noun = (id: number, german: string, en: string, fields: Partial<QuizWord> = {}) =>
  word(id, {
    word: german,
    baseWord: german.split(' ')[1] ?? german,
    translationEn: en,
    ...fields,
  });
const verb = (id: number, german: string, en: string, fields: Partial<QuizWord> = {}) =>
  word(id, {
    word: german,
    baseWord: german,
    gender: null,
    partOfSpeech: 'verb',
    translationEn: en,
    ...fields,
  });

const settings = (fields: Partial<QuestionSettings> = {}): QuestionSettings => ({
  studyMode: 'vocabulary',
  gameMode: 'score',
  direction: 'from-german',
  language: 'en',
  showExample: false,
  ...fields,
});

const norm = (text: string) => text.trim().toLocaleLowerCase();

function asChoice(question: QuizQuestion): ChoiceQuestion {
  if (question.kind !== 'choice')
    throw new Error(`expected a choice question, got ${question.kind}`);
  return question;
}
function asTrueFalse(question: QuizQuestion): TrueFalseQuestion {
  if (question.kind !== 'true-false') throw new Error(`expected true/false, got ${question.kind}`);
  return question;
}
/** The options other than the right one. */
const wrongOptions = (question: ChoiceQuestion) =>
  question.options.filter((_, index) => index !== question.answer);

/** Checks the choice-question invariant and gives back the wrong options. */
function expectWellFormed(question: ChoiceQuestion, right: string): string[] {
  expect(question.options).toHaveLength(3);
  expect(new Set(question.options.map(norm)).size).toBe(3);
  expect(question.options[question.answer]).toBe(right);
  expect(question.options.filter((option) => norm(option) === norm(right))).toHaveLength(1);
  return wrongOptions(question);
}

describe('the quiz constants', () => {
  it('are the spec numbers', () => {
    expect(QUIZ_LIMITS).toEqual({
      batchSize: 100,
      poolSize: 300,
      poolMax: 500,
      maxCached: 400,
      minWords: 20,
      staleAfterMs: 7 * DAY,
      savedStaleAfterMs: DAY,
      incorrectOptions: 2,
      contextWords: 3,
      timerMs: 45_000,
      lightningMs: 3_000,
    });
    expect(QUIZ_LIMITS.poolSize).toBe(3 * QUIZ_LIMITS.batchSize);
    expect(QUIZ_LIMITS.poolSize).toBeLessThanOrEqual(QUIZ_LIMITS.poolMax);
    expect(QUIZ_GAME_MODES).toEqual(['score', 'survival', 'timer', 'lightning', 'true-false']);
    expect(ARTICLES).toEqual(['der', 'die', 'das']);
  });

  it('are the decided game rules', () => {
    expect(QUIZ_RULES).toEqual({
      questionsPerGame: { score: 15, lightning: 20, 'true-false': 15 },
      pointsPerRight: 10,
      streakBonusStep: 2,
      maxBonus: 10,
      hearts: 3,
      shieldEvery: 5,
    });
  });

  it('offer the spec fallback options, eight distinct ones in every language', () => {
    expect(FALLBACK_OPTIONS.en).toEqual([
      'house',
      'car',
      'book',
      'tree',
      'water',
      'food',
      'time',
      'day',
    ]);
    for (const language of [...INTERFACE_LANGUAGES, 'de'] as const) {
      const options = FALLBACK_OPTIONS[language];
      expect(options, language).toHaveLength(8);
      expect(new Set(options.map(norm)).size, language).toBe(8);
    }
    // the German ones carry their article, like the words they stand beside
    for (const option of FALLBACK_OPTIONS.de) expect(option).toMatch(/^(der|die|das) \p{Lu}/u);
  });
});

describe('meaningOf and askable', () => {
  it('gives the meaning in the interface language, English when it is missing', () => {
    expect(meaningOf(HUND, 'en')).toBe('dog');
    expect(meaningOf(HUND, 'es')).toBe('perro');
    expect(meaningOf(HUND, 'kr')).toBe('개');
    expect(meaningOf({ ...HUND, translationEs: '' }, 'es')).toBe('dog');
    expect(meaningOf({ ...HUND, translationKr: '' }, 'kr')).toBe('dog');
  });

  it('asks in gender mode only nouns with a gender, in vocabulary mode every word', () => {
    const people = noun(2, 'die Leute', 'people', { gender: null });
    const laufen = verb(3, 'laufen', 'to run');
    const odd = verb(4, 'laufen', 'to run', { gender: 'feminine' });
    expect(askable(HUND, 'gender')).toBe(true);
    expect(askable(people, 'gender')).toBe(false);
    expect(askable(laufen, 'gender')).toBe(false);
    expect(askable(odd, 'gender')).toBe(false);
    for (const entry of [HUND, people, laufen, odd])
      expect(askable(entry, 'vocabulary')).toBe(true);
  });
});

describe('buildQuestion: vocabulary choice', () => {
  const cat = noun(2, 'die Katze', 'cat');
  const mouse = noun(3, 'die Maus', 'mouse');
  const horse = noun(4, 'das Pferd', 'horse', { level: 'B2' });
  const cow = noun(5, 'die Kuh', 'cow', { level: 'B2' });
  const run = verb(6, 'laufen', 'run');
  const walk = verb(7, 'gehen', 'walk');
  const pool = [run, horse, cat, walk, cow, mouse];

  it('offers three distinct options, the right one at `answer`, in every position', () => {
    const positions = new Set<number>();
    for (const seed of SEEDS) {
      const question = asChoice(buildQuestion(HUND, pool, settings(), seededRandom(seed)));
      expect(question.prompt).toBe('der Hund');
      expect(question.word).toBe(HUND);
      expectWellFormed(question, 'dog');
      positions.add(question.answer);
    }
    expect([...positions].sort()).toEqual([0, 1, 2]);
  });

  it('takes the wrong options from the same part of speech, the same level first', () => {
    for (const seed of SEEDS) {
      const question = asChoice(buildQuestion(HUND, pool, settings(), seededRandom(seed)));
      expect(wrongOptions(question).sort()).toEqual(['cat', 'mouse']);
    }
  });

  it('fills from other levels of the same part of speech before any fallback', () => {
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const question = asChoice(
        buildQuestion(HUND, [run, horse, cat, walk, cow], settings(), seededRandom(seed)),
      );
      const wrong = expectWellFormed(question, 'dog');
      expect(wrong).toContain('cat');
      const other = wrong.find((option) => option !== 'cat') ?? '';
      expect(['horse', 'cow']).toContain(other);
      seen.add(other);
    }
    expect([...seen].sort()).toEqual(['cow', 'horse']);
  });

  it('uses the fallback options only when the pool lacks distinct same-POS texts', () => {
    const thin = [
      { ...HUND, translationEn: 'zebra' }, // the word itself (same id) is never a distractor
      noun(8, 'der Köter', 'Dog'), // the right answer in other letters
      cat,
      noun(9, 'die Mieze', ' Cat '), // the same text as cat
      run,
      walk,
    ];
    for (const seed of SEEDS) {
      const question = asChoice(buildQuestion(HUND, thin, settings(), seededRandom(seed)));
      const wrong = expectWellFormed(question, 'dog');
      expect(wrong.map(norm)).toContain('cat');
      const filler = wrong.find((option) => norm(option) !== 'cat') ?? '';
      expect(FALLBACK_OPTIONS.en).toContain(filler);
    }
  });

  it('offers two fallback options with an empty pool, never the right answer twice', () => {
    const house = noun(10, 'das Haus', 'House');
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      const question = asChoice(buildQuestion(house, [], settings(), seededRandom(seed)));
      const wrong = expectWellFormed(question, 'House');
      for (const option of wrong) {
        expect(FALLBACK_OPTIONS.en).toContain(option);
        expect(option).not.toBe('house');
        seen.add(option);
      }
    }
    // drawn at random from the list, not always its first entries
    expect([...seen].sort()).toEqual(FALLBACK_OPTIONS.en.filter((o) => o !== 'house').sort());
  });

  it('asks the meaning and offers German words for to-german', () => {
    for (const seed of SEEDS) {
      const question = asChoice(
        buildQuestion(HUND, pool, settings({ direction: 'to-german' }), seededRandom(seed)),
      );
      expect(question.prompt).toBe('dog');
      expect(expectWellFormed(question, 'der Hund').sort()).toEqual(['die Katze', 'die Maus']);
      const alone = asChoice(
        buildQuestion(HUND, [], settings({ direction: 'to-german' }), seededRandom(seed)),
      );
      for (const option of expectWellFormed(alone, 'der Hund'))
        expect(FALLBACK_OPTIONS.de).toContain(option);
    }
  });

  it('uses the Spanish and Korean meanings for es and kr', () => {
    const gato = { ...cat, translationEs: 'gato', translationKr: '고양이' };
    const raton = { ...mouse, translationEs: 'ratón', translationKr: '쥐' };
    const spanishPool = [gato, raton, run];
    for (const seed of SEEDS) {
      const es = asChoice(
        buildQuestion(HUND, spanishPool, settings({ language: 'es' }), seededRandom(seed)),
      );
      expect(expectWellFormed(es, 'perro').sort()).toEqual(['gato', 'ratón']);
      const kr = asChoice(
        buildQuestion(HUND, spanishPool, settings({ language: 'kr' }), seededRandom(seed)),
      );
      expect(expectWellFormed(kr, '개').sort()).toEqual(['고양이', '쥐']);
      const toGerman = asChoice(
        buildQuestion(
          HUND,
          spanishPool,
          settings({ language: 'kr', direction: 'to-german' }),
          seededRandom(seed),
        ),
      );
      expect(toGerman.prompt).toBe('개');
      expectWellFormed(toGerman, 'der Hund');
      for (const language of ['es', 'kr'] as const) {
        const alone = asChoice(buildQuestion(HUND, [], settings({ language }), seededRandom(seed)));
        for (const option of expectWellFormed(alone, meaningOf(HUND, language)))
          expect(FALLBACK_OPTIONS[language]).toContain(option);
      }
    }
  });

  it('replays the same question from the same seed', () => {
    const first = buildQuestion(HUND, pool, settings(), seededRandom(42));
    expect(buildQuestion(HUND, pool, settings(), seededRandom(42))).toEqual(first);
  });

  it('adds the blanked example only when asked to', () => {
    const shown = buildQuestion(HUND, pool, settings({ showExample: true }), seededRandom(1));
    expect(shown.context).toBe('Der _____ bellt.');
    expect(buildQuestion(HUND, pool, settings(), seededRandom(1)).context).toBeNull();
    const gender = buildQuestion(
      HUND,
      [],
      settings({ studyMode: 'gender', showExample: true }),
      seededRandom(1),
    );
    expect(gender.context).toBe('Der _____ bellt.');
  });

  it('always offers three distinct options with one right answer (property)', () => {
    const text = fc.oneof(
      fc.constantFrom('dog', 'Dog', ' dog', 'cat', 'CAT', 'house', 'House', 'car', 'day', ''),
      fc.string({ maxLength: 6 }),
    );
    const entry = fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      partOfSpeech: fc.constantFrom('noun', 'verb', 'adjective'),
      level: fc.constantFrom('A1', 'A2'),
      word: fc.oneof(fc.constantFrom('der Hund', 'das Haus', 'das Auto', 'die Zeit'), text),
      translationEn: text,
      translationEs: text,
      translationKr: text,
    });
    fc.assert(
      fc.property(
        entry,
        fc.array(entry, { maxLength: 12 }),
        fc.constantFrom('from-german', 'to-german'),
        fc.constantFrom(...INTERFACE_LANGUAGES),
        fc.integer(),
        (asked, poolFields, direction, language, seed) => {
          const target = word(asked.id, asked);
          fc.pre(norm(target.translationEn) !== '' && norm(target.word) !== '');
          const entries = poolFields.map((fields) => word(fields.id, fields));
          const chosen = settings({ direction, language });
          const question = asChoice(buildQuestion(target, entries, chosen, seededRandom(seed)));
          const textOf = (candidate: QuizWord) =>
            direction === 'to-german' ? candidate.word : meaningOf(candidate, language);
          const right = textOf(target);
          const wrong = expectWellFormed(question, right);
          // distractors: same-POS pool texts, the fallback only when there are too few of them
          const samePos = new Set(
            entries
              .filter((e) => e.id !== target.id && e.partOfSpeech === target.partOfSpeech)
              .map(textOf)
              .filter((t) => t !== '' && norm(t) !== norm(right))
              .map(norm),
          );
          const fallback = FALLBACK_OPTIONS[direction === 'to-german' ? 'de' : language];
          const fromPool = wrong.filter((option) => samePos.has(norm(option)));
          expect(fromPool.length).toBe(Math.min(2, samePos.size));
          for (const option of wrong) {
            if (!samePos.has(norm(option))) expect(fallback).toContain(option);
          }
        },
      ),
    );
  });
});

describe('pickDistractors', () => {
  it('gives `count` distinct options, never the right one', () => {
    const pool = Array.from({ length: 10 }, (_, i) => noun(i + 2, `das Ding${i}`, `thing ${i}`));
    for (const seed of SEEDS) {
      const picked = pickDistractors({
        word: HUND,
        pool,
        textOf: (entry) => entry.translationEn,
        fallback: FALLBACK_OPTIONS.en,
        count: 5,
        random: seededRandom(seed),
      });
      expect(picked).toHaveLength(5);
      expect(new Set(picked).size).toBe(5);
      expect(picked).not.toContain('dog');
      for (const option of picked) expect(option).toMatch(/^thing \d$/);
    }
  });

  it('prefers the same level even when other levels are many', () => {
    const pool = [
      ...LEVELS.filter((level) => level !== 'A1').map((level, i) =>
        noun(20 + i, `das Ding${i}`, `far ${i}`, { level }),
      ),
      noun(30, 'die Katze', 'cat'),
      noun(31, 'die Maus', 'mouse'),
    ];
    for (const seed of SEEDS) {
      const picked = pickDistractors({
        word: HUND,
        pool,
        textOf: (entry) => entry.translationEn,
        fallback: FALLBACK_OPTIONS.en,
        random: seededRandom(seed),
      });
      expect(picked.sort()).toEqual(['cat', 'mouse']);
    }
  });
});

describe('buildQuestion: gender', () => {
  const gender = settings({ studyMode: 'gender' });

  it('offers der, die, das in that order, the answer matching the gender', () => {
    const cases: [Gender, number][] = [
      ['masculine', 0],
      ['feminine', 1],
      ['neuter', 2],
    ];
    for (const [g, index] of cases) {
      for (const direction of ['from-german', 'to-german'] as const) {
        const entry = word(50, { baseWord: 'Ding', gender: g });
        const question = asChoice(
          buildQuestion(entry, [HUND], { ...gender, direction }, seededRandom(3)),
        );
        expect(question.options).toEqual(['der', 'die', 'das']);
        expect(question.answer).toBe(index);
        expect(question.prompt).toBe('Ding');
      }
    }
  });

  it('refuses a word without a gender', () => {
    const people = noun(2, 'die Leute', 'people', { gender: null });
    expect(() => buildQuestion(people, [], gender, seededRandom(1))).toThrow(RangeError);
    expect(() =>
      buildQuestion(people, [], { ...gender, gameMode: 'true-false' }, seededRandom(1)),
    ).toThrow(RangeError);
  });

  it('proposes an article in true/false, true exactly when it is the right one', () => {
    const seenFalse = new Set<string>();
    let trues = 0;
    for (const g of GENDERS) {
      const entry = word(60, { baseWord: 'Ding', gender: g });
      for (const seed of SEEDS) {
        const question = asTrueFalse(
          buildQuestion(entry, [], { ...gender, gameMode: 'true-false' }, seededRandom(seed)),
        );
        expect(question.prompt).toBe('Ding');
        expect(question.correct).toBe(ARTICLES[GENDERS.indexOf(g)]);
        expect(ARTICLES).toContain(question.proposed);
        expect(question.isTrue).toBe(question.proposed === question.correct);
        if (question.isTrue) trues += 1;
        else seenFalse.add(`${g}:${question.proposed}`);
      }
    }
    expect(trues).toBeGreaterThan(0);
    // every wrong article turns up for every gender
    expect(seenFalse.size).toBe(6);
  });
});

describe('buildQuestion: vocabulary true/false', () => {
  const pool = [noun(2, 'die Katze', 'cat'), noun(3, 'die Maus', 'mouse'), verb(4, 'gehen', 'go')];
  const trueFalse = settings({ gameMode: 'true-false' });

  it('is true exactly when the proposed meaning is the right one; both occur', () => {
    let trues = 0;
    let falses = 0;
    for (const seed of SEEDS) {
      const question = asTrueFalse(buildQuestion(HUND, pool, trueFalse, seededRandom(seed)));
      expect(question.prompt).toBe('der Hund');
      expect(question.correct).toBe('dog');
      expect(question.isTrue).toBe(question.proposed === question.correct);
      if (question.isTrue) trues += 1;
      else {
        falses += 1;
        expect(['cat', 'mouse']).toContain(question.proposed);
      }
    }
    expect(trues).toBeGreaterThan(0);
    expect(falses).toBeGreaterThan(0);
  });

  it('proposes a German word for to-german, a fallback one with an empty pool', () => {
    let falses = 0;
    for (const seed of SEEDS) {
      const question = asTrueFalse(
        buildQuestion(HUND, [], { ...trueFalse, direction: 'to-german' }, seededRandom(seed)),
      );
      expect(question.prompt).toBe('dog');
      expect(question.correct).toBe('der Hund');
      expect(question.isTrue).toBe(question.proposed === 'der Hund');
      if (!question.isTrue) {
        falses += 1;
        expect(FALLBACK_OPTIONS.de).toContain(question.proposed);
      }
    }
    expect(falses).toBeGreaterThan(0);
  });

  it('never calls a proposal that equals the answer false (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('dog', 'Dog', 'cat', 'house', ''), { maxLength: 6 }),
        fc.integer(),
        (texts, seed) => {
          const entries = texts.map((text, i) => noun(i + 2, `das Ding${i}`, text));
          const question = asTrueFalse(buildQuestion(HUND, entries, trueFalse, seededRandom(seed)));
          expect(question.isTrue).toBe(norm(question.proposed) === norm(question.correct));
          expect(question.proposed).not.toBe('');
        },
      ),
    );
  });
});

describe('blankedContext', () => {
  it('blanks the word with three words either side', () => {
    expect(blankedContext('Der Hund bellt.', HUND)).toBe('Der _____ bellt.');
    expect(blankedContext('Ich sehe heute den großen Hund im Park spielen.', HUND)).toBe(
      '… heute den großen _____ im Park spielen.',
    );
    expect(blankedContext('Eins zwei drei vier Hund fünf sechs sieben acht.', HUND)).toBe(
      '… zwei drei vier _____ fünf sechs sieben …',
    );
    expect(blankedContext('Eins zwei drei Hund fünf sechs sieben', HUND)).toBe(
      'Eins zwei drei _____ fünf sechs sieben',
    );
    expect(blankedContext('Hund eins zwei drei vier', HUND)).toBe('_____ eins zwei drei …');
    expect(blankedContext('eins zwei drei vier Hund', HUND)).toBe('… zwei drei vier _____');
  });

  it('keeps the punctuation attached to the word', () => {
    expect(blankedContext('Wo ist mein Hund?', HUND)).toBe('Wo ist mein _____?');
    expect(blankedContext('„Hund!", rief sie.', HUND)).toBe('„_____!", rief sie.');
    expect(blankedContext('Sie rief: (Hund)', HUND)).toBe('Sie rief: (_____)');
  });

  it('finds the word whatever its case, and collapses runs of spaces', () => {
    const schnell = word(70, { word: 'schnell', baseWord: 'schnell', partOfSpeech: 'adjective' });
    expect(blankedContext('Schnell lief er  nach\nHause.', schnell)).toBe('_____ lief er nach …');
  });

  it('finds an inflected form that starts with a stem of four letters or more', () => {
    expect(blankedContext('Die Hunde bellen laut.', HUND)).toBe('Die _____ bellen laut.');
    expect(blankedContext('Wir sahen zwei Hunden, nicht mehr.', HUND)).toBe(
      'Wir sahen zwei _____, nicht mehr.',
    );
    const tag = noun(71, 'der Tag', 'day');
    expect(blankedContext('Die Tage sind lang.', tag)).toBeNull();
    expect(blankedContext('Der Tag ist lang.', tag)).toBe('Der _____ ist lang.');
  });

  it('prefers the word itself to a longer word that starts with it', () => {
    expect(blankedContext('Die Hundehütte gehört dem Hund.', HUND)).toBe(
      '… Hundehütte gehört dem _____.',
    );
  });

  it('is null when the sentence does not hold the word', () => {
    expect(blankedContext('Die Katze schläft.', HUND)).toBeNull();
    expect(blankedContext('', HUND)).toBeNull();
    expect(blankedContext('Der Hun bellt.', HUND)).toBeNull();
  });
});

describe('game rules', () => {
  const play = (state: GameState, answers: boolean[], step = 1000) =>
    answers.reduce(
      (current, correct, i) => answer(current, correct, current.startedAt + (i + 1) * step),
      state,
    );
  const rights = (n: number) => Array.from({ length: n }, () => true);
  const wrongs = (n: number) => Array.from({ length: n }, () => false);

  it('starts every mode with no answers, three hearts, no shield', () => {
    for (const mode of QUIZ_GAME_MODES) {
      expect(startGame(mode, T0)).toEqual({
        gameMode: mode,
        startedAt: T0,
        endsAt: mode === 'timer' ? T0 + 45_000 : null,
        questionEndsAt: mode === 'lightning' ? T0 + 3_000 : null,
        answered: 0,
        right: 0,
        streak: 0,
        bestStreak: 0,
        points: 0,
        hearts: 3,
        shield: false,
        shieldUsed: 0,
        over: false,
      });
    }
  });

  it('gives 10 points, 2 more for each answer in a row, up to 20', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(pointsFor)).toEqual([
      10, 10, 12, 14, 16, 18, 20, 20, 20,
    ]);
    const state = play(startGame('score', T0), rights(7));
    expect(state.points).toBe(10 + 12 + 14 + 16 + 18 + 20 + 20);
    expect(state).toMatchObject({ answered: 7, right: 7, streak: 7, bestStreak: 7 });
    const broken = play(state, [false, true]);
    expect(broken).toMatchObject({ streak: 1, bestStreak: 7, right: 8, answered: 9 });
    expect(broken.points).toBe(state.points + 10);
    expect(broken.hearts).toBe(3);
  });

  it('ends score and true/false after 15 answers, lightning after 20', () => {
    const cases: [QuizGameMode, number][] = [
      ['score', 15],
      ['true-false', 15],
      ['lightning', 20],
    ];
    for (const [mode, count] of cases) {
      const almost = play(startGame(mode, T0), [...wrongs(count - 2), true]);
      expect(almost.over, mode).toBe(false);
      const done = answer(almost, false, almost.startedAt + 99_000);
      expect(done.over, mode).toBe(true);
      expect(done.answered).toBe(count);
      expect(answer(done, true, done.startedAt + 100_000)).toBe(done);
      expect(nextQuestion(done, done.startedAt + 100_000)).toBe(done);
    }
  });

  it('does not end timer or survival games on the number of answers', () => {
    const timer = play(startGame('timer', T0), rights(30), 1000);
    expect(timer).toMatchObject({ over: false, answered: 30 });
    const survival = play(startGame('survival', T0), [...rights(40), false, false], 100);
    expect(survival).toMatchObject({ over: false, answered: 42 });
  });

  it('ends a timer game at 45 s; an answer from then on does not count', () => {
    const game = startGame('timer', T0);
    const inTime = answer(game, true, T0 + 44_999);
    expect(inTime).toMatchObject({ answered: 1, right: 1, points: 10, over: false });
    expect(timeIsUp(inTime, T0 + 44_999)).toBe(false);
    expect(timeIsUp(inTime, T0 + 45_000)).toBe(true);
    const late = answer(inTime, true, T0 + 45_000);
    expect(late).toEqual({ ...inTime, over: true });
    expect(nextQuestion(inTime, T0 + 44_999)).toEqual(inTime);
    expect(nextQuestion(inTime, T0 + 45_000)).toEqual({ ...inTime, over: true });
    expect(nextQuestion(inTime, T0 + 60_000).over).toBe(true);
  });

  it('gives each lightning question 3 s from its start', () => {
    const game = startGame('lightning', T0);
    expect(msLeft(game, T0 + 1_000)).toBe(2_000);
    expect(msLeft(game, T0 + 5_000)).toBe(0);
    const next = nextQuestion(answer(game, false, T0 + 3_000), T0 + 10_000);
    expect(next.questionEndsAt).toBe(T0 + 13_000);
    expect(msLeft(next, T0 + 10_500)).toBe(2_500);
    // no timer: the clock of the game never runs out
    expect(timeIsUp(next, T0 + 1_000_000)).toBe(false);
  });

  it('reports the time left only for the clock that runs', () => {
    const timer = startGame('timer', T0);
    expect(msLeft(timer, T0)).toBe(45_000);
    expect(msLeft(timer, T0 + 40_000)).toBe(5_000);
    expect(msLeft(timer, T0 + 50_000)).toBe(0);
    for (const mode of ['score', 'survival', 'true-false'] as const) {
      expect(msLeft(startGame(mode, T0), T0 + 1_000), mode).toBeNull();
      expect(nextQuestion(startGame(mode, T0), T0 + 1_000)).toEqual(startGame(mode, T0));
    }
  });

  it('survival: a wrong answer costs a heart, the game ends at none', () => {
    let state = startGame('survival', T0);
    state = play(state, [false]);
    expect(state).toMatchObject({ hearts: 2, over: false, streak: 0 });
    state = play(state, [true, true, true, true, false]);
    expect(state).toMatchObject({ hearts: 1, shield: false, over: false });
    state = answer(state, false, T0 + 60_000);
    expect(state).toMatchObject({ hearts: 0, over: true, answered: 7, right: 4 });
    expect(answer(state, true, T0 + 61_000)).toBe(state);
    expect(answer(state, false, T0 + 61_000)).toBe(state);
  });

  it('survival: five right in a row earn the shield, which absorbs one wrong answer', () => {
    let state = play(startGame('survival', T0), rights(4));
    expect(state.shield).toBe(false);
    state = answer(state, true, T0 + 5_000);
    expect(state.shield).toBe(true);
    state = answer(state, false, T0 + 6_000);
    expect(state).toMatchObject({ shield: false, shieldUsed: 1, hearts: 3, streak: 0 });
    state = answer(state, false, T0 + 7_000);
    expect(state).toMatchObject({ shield: false, shieldUsed: 1, hearts: 2 });
  });

  it('survival: holds one shield at a time, however long the streak', () => {
    let state = play(startGame('survival', T0), rights(12));
    expect(state.shield).toBe(true);
    state = play(state, [false, false], 100);
    expect(state).toMatchObject({ shieldUsed: 1, hearts: 2 });
    // after the shield is used it takes five new right answers in a row
    state = play(state, [...rights(4), false], 100);
    expect(state).toMatchObject({ shieldUsed: 1, hearts: 1 });
    state = play(state, [...rights(5), false], 100);
    expect(state).toMatchObject({ shieldUsed: 2, hearts: 1, over: false });
  });

  it('other modes have no hearts to lose and no shield', () => {
    for (const mode of ['score', 'timer', 'lightning', 'true-false'] as const) {
      const state = play(startGame(mode, T0), [...rights(5), false, false, false], 100);
      expect(state, mode).toMatchObject({ hearts: 3, shield: false, shieldUsed: 0, over: false });
    }
  });

  it('endGame ends a game once', () => {
    const game = play(startGame('score', T0), [true]);
    const ended = endGame(game);
    expect(ended).toEqual({ ...game, over: true });
    expect(endGame(ended)).toBe(ended);
  });

  it('keeps its counts consistent for any sequence of answers (property)', () => {
    const step = fc.record({
      correct: fc.boolean(),
      after: fc.integer({ min: 0, max: 6_000 }),
      next: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...QUIZ_GAME_MODES),
        fc.array(step, { maxLength: 60 }),
        (mode, steps) => {
          let state = startGame(mode, T0);
          let now = T0;
          for (const { correct, after, next } of steps) {
            now += after;
            const before = state;
            state = answer(state, correct, now);
            if (next) state = nextQuestion(state, now);
            if (before.over) expect(state).toBe(before);
            expect(state.answered).toBeGreaterThanOrEqual(before.answered);
            expect(state.answered).toBeLessThanOrEqual(before.answered + 1);
            expect(state.right).toBeLessThanOrEqual(state.answered);
            expect(state.streak).toBeLessThanOrEqual(state.right);
            expect(state.bestStreak).toBeGreaterThanOrEqual(state.streak);
            expect(state.points).toBeGreaterThanOrEqual(10 * state.right);
            expect(state.points).toBeLessThanOrEqual(20 * state.right);
            expect(state.hearts).toBeGreaterThanOrEqual(0);
            expect(state.hearts).toBeLessThanOrEqual(3);
            if (mode !== 'survival') expect(state.hearts).toBe(3);
            expect(state.shieldUsed).toBeLessThanOrEqual(state.answered - state.right);
            if (state.hearts === 0) expect(state.over).toBe(true);
            if (mode === 'timer' && state.answered > before.answered)
              expect(now).toBeLessThan(T0 + QUIZ_LIMITS.timerMs);
          }
        },
      ),
    );
  });
});

describe('the quiz cache', () => {
  const cache = (deck: string, count: number, timestamp = T0): QuizCache =>
    makeCache({
      deck,
      studyMode: 'vocabulary',
      words: Array.from({ length: count }, (_, i) => word(i + 1)),
      pool: [],
      timestamp,
    });

  it('goes stale after 7 days, the saved deck after 1 day', () => {
    const database = cache('database', 50);
    expect(cacheIsStale(database, T0)).toBe(false);
    expect(cacheIsStale(database, T0 + 7 * DAY - 1)).toBe(false);
    expect(cacheIsStale(database, T0 + 7 * DAY)).toBe(true);
    expect(cacheIsStale(cache('level-A1', 50), T0 + 2 * DAY)).toBe(false);
    const saved = cache('saved', 50);
    expect(cacheIsStale(saved, T0 + DAY - 1)).toBe(false);
    expect(cacheIsStale(saved, T0 + DAY)).toBe(true);
  });

  it('is stale with under 20 words', () => {
    expect(cacheIsStale(cache('database', 19), T0)).toBe(true);
    expect(cacheIsStale(cache('database', 20), T0)).toBe(false);
    expect(cacheIsStale(cache('saved', 0), T0)).toBe(true);
  });

  it('is stale when its timestamp lies ahead of the clock', () => {
    expect(cacheIsStale(cache('database', 50, T0 + 1), T0)).toBe(true);
    expect(cacheIsStale(cache('saved', 50, T0 + DAY), T0)).toBe(true);
  });

  it('keeps at most 400 words, the deck words first', () => {
    const words = (from: number, n: number) => Array.from({ length: n }, (_, i) => word(from + i));
    const base = { deck: 'database', studyMode: 'gender' as const, timestamp: T0 };
    const full = makeCache({ ...base, words: words(1, 450), pool: words(1000, 50) });
    expect(full.words.map((w) => w.id)).toEqual(words(1, 400).map((w) => w.id));
    expect(full.pool).toEqual([]);
    expect(full.count).toBe(400);
    const mixed = makeCache({ ...base, words: words(1, 300), pool: words(1000, 200) });
    expect(mixed.words).toHaveLength(300);
    expect(mixed.pool.map((w) => w.id)).toEqual(words(1000, 100).map((w) => w.id));
    expect(mixed.count).toBe(300);
    const small = makeCache({ ...base, words: words(1, 10), pool: words(1000, 50) });
    expect(small).toMatchObject({ ...base, count: 10 });
    expect(small.words).toHaveLength(10);
    expect(small.pool).toHaveLength(50);
  });

  it('never holds more than 400 words in all (property)', () => {
    fc.assert(
      fc.property(fc.nat(600), fc.nat(600), (wordCount, poolCount) => {
        const made = makeCache({
          deck: 'database',
          studyMode: 'vocabulary',
          words: Array.from({ length: wordCount }, (_, i) => word(i)),
          pool: Array.from({ length: poolCount }, (_, i) => word(10_000 + i)),
          timestamp: T0,
        });
        expect(made.words.length + made.pool.length).toBe(Math.min(400, wordCount + poolCount));
        expect(made.words.length).toBe(Math.min(400, wordCount));
        expect(made.count).toBe(made.words.length);
      }),
    );
  });
});

describe('nextBatch', () => {
  const words = [
    noun(1, 'der Hund', 'dog', { gender: 'masculine' }),
    noun(2, 'die Leute', 'people', { gender: null }),
    verb(3, 'laufen', 'run'),
    noun(4, 'die Katze', 'cat', { gender: 'feminine' }),
    noun(5, 'das Haus', 'house', { gender: 'neuter' }),
    word(6, { partOfSpeech: 'adjective', gender: null }),
    noun(7, 'der Baum', 'tree', { gender: 'masculine' }),
  ];
  const ids = (batch: readonly QuizWord[]) => batch.map((entry) => entry.id);

  it('asks only nouns with a gender in gender mode, every word in vocabulary mode', () => {
    for (const seed of SEEDS) {
      expect(ids(nextBatch(words, 'gender', new Set(), seededRandom(seed))).sort()).toEqual([
        1, 4, 5, 7,
      ]);
      expect(ids(nextBatch(words, 'vocabulary', new Set(), seededRandom(seed))).sort()).toEqual([
        1, 2, 3, 4, 5, 6, 7,
      ]);
    }
  });

  it('puts the words just answered last', () => {
    const recent = new Set([1, 5, 3]);
    for (const seed of SEEDS) {
      const batch = ids(nextBatch(words, 'vocabulary', recent, seededRandom(seed)));
      expect(batch.slice(0, 4).sort()).toEqual([2, 4, 6, 7]);
      expect(batch.slice(4).sort()).toEqual([1, 3, 5]);
      const gender = ids(nextBatch(words, 'gender', recent, seededRandom(seed)));
      expect(gender.slice(0, 2).sort()).toEqual([4, 7]);
      expect(gender.slice(2).sort()).toEqual([1, 5]);
    }
  });

  it('still gives every word when all were just answered', () => {
    const all = new Set(words.map((entry) => entry.id));
    expect(ids(nextBatch(words, 'vocabulary', all, seededRandom(1))).sort()).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('shuffles the fresh words and, behind them, the recent ones', () => {
    const recent = new Set([1, 3, 5]);
    const batches = SEEDS.map((seed) =>
      ids(nextBatch(words, 'vocabulary', recent, seededRandom(seed))),
    );
    expect(new Set(batches.map((batch) => batch[0])).size).toBe(4);
    expect(new Set(batches.map((batch) => batch[4])).size).toBe(3);
  });

  it('keeps every askable word exactly once, the fresh ones first (property)', () => {
    const entry = fc.record({
      partOfSpeech: fc.constantFrom('noun', 'verb', 'adjective'),
      gender: fc.constantFrom<Gender | null>(null, ...GENDERS),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.array(fc.nat(40)),
        fc.constantFrom('vocabulary', 'gender') as fc.Arbitrary<'vocabulary' | 'gender'>,
        fc.integer(),
        (fields, recentIds, studyMode, seed) => {
          const list = fields.map((f, i) => word(i, f));
          const recent = new Set(recentIds);
          const batch = nextBatch(list, studyMode, recent, seededRandom(seed));
          const expected = list.filter((w) => askable(w, studyMode)).map((w) => w.id);
          expect(ids(batch).sort((a, b) => a - b)).toEqual(expected);
          const firstRecent = batch.findIndex((w) => recent.has(w.id));
          if (firstRecent >= 0)
            expect(batch.slice(firstRecent).every((w) => recent.has(w.id))).toBe(true);
        },
      ),
    );
  });
});
