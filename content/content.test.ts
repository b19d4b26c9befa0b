import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CATEGORIES,
  countWords,
  type FormsTable,
  LEVELS,
  type NamesTable,
  PARTS_OF_SPEECH,
  resolveText,
  type StoryFile,
  splitSentences,
  tokenizeWords,
  type VocabularyEntry,
  vocabularyKey,
} from '@lesefuchs/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIO_DIR,
  FORMS_FILE,
  type Loaded,
  loadNames,
  loadSeries,
  loadStories,
  loadVocabulary,
} from '../apps/server/src/content/corpus.ts';
import { buildForms } from '../scripts/content/build-forms.ts';
import { LEXICON_GENDER, lexiconNouns } from '../scripts/content/lexicon.ts';
import {
  candidateKeys as keysIn,
  occursLiterally,
  paragraphCount,
  SENTENCE_END,
  WORDS_PER_LEVEL,
} from '../scripts/content/story-checks.ts';

const AUDIO_BUDGET_BYTES = 120 * 1024 * 1024;

/**
 * Nouns whose gender the lexicon gives differently from us, each checked by hand. The lexicon
 * keeps one gender per spelling, so it disagrees where a spelling has two nouns (das Tag, a
 * markup tag; das Rücken, the moving), where German allows two genders, and for nominalised
 * adjectives (der Erwachsene), which it lists as neuter.
 */
const HOMOGRAPH = 'the lexicon lists another noun of the same spelling';
const TWO_GENDERS = 'both genders are in use; ours is the standard one';
const NOMINALISED = 'a nominalised adjective or participle: the gender follows the person';
const GENDER_EXCEPTIONS: Record<string, string> = {
  Junge: 'das Junge is a young animal; der Junge, the boy',
  Rücken: HOMOGRAPH,
  Laden: 'das Laden is the loading; der Laden, the shop',
  'E-Mail': TWO_GENDERS,
  Tag: 'das Tag is a markup tag; der Tag, the day',
  Regen: HOMOGRAPH,
  Cola: TWO_GENDERS,
  Joghurt: TWO_GENDERS,
  Liter: TWO_GENDERS,
  Erwachsene: NOMINALISED,
  Jugendliche: NOMINALISED,
  Paprika: 'der Paprika is the spice; die Paprika, the vegetable (our meaning)',
  Quark: TWO_GENDERS,
  Gramm: TWO_GENDERS,
  Keks: TWO_GENDERS,
  Husten: HOMOGRAPH,
  Reifen: HOMOGRAPH,
  Radiergummi: TWO_GENDERS,
  Band: 'das Band is a ribbon, der Band a volume; die Band, the music group (our meaning)',
  Liebe: HOMOGRAPH,
  Moment: 'das Moment is a factor; der Moment, the instant',
  Teil: 'das Teil is a component; der Teil, a part (our meaning)',
  Norden: HOMOGRAPH,
  Steuer: 'das Steuer is the wheel; die Steuer, the tax (our meaning)',
  Schaden: HOMOGRAPH,
  Wüste: HOMOGRAPH,
  Wunde: HOMOGRAPH,
  Dürre: HOMOGRAPH,
  Antike: HOMOGRAPH,
  Runde: HOMOGRAPH,
  Tropfen: HOMOGRAPH,
  Korken: HOMOGRAPH,
  Dichte: HOMOGRAPH,
  Lappen: 'the lexicon has it neuter; it is der Lappen, a cloth',
  Mark: 'das Mark is marrow; die Mark, the old currency (our meaning)',
  Wagen: 'das Wagen is daring; der Wagen, the car (our meaning)',
  Weise: 'das Weise is wisdom as a noun; die Weise, the way (our meaning)',
  Rasen: 'das Rasen is speeding; der Rasen, the lawn (our meaning)',
  Stift: 'das Stift is a religious foundation; der Stift, the pen (our meaning)',
  Streifen: 'das Streifen is roaming; der Streifen, the stripe (our meaning)',
  Spitze: 'the lexicon has it neuter; it is die Spitze, the tip',
  Tiefe: 'the lexicon has it neuter; it is die Tiefe, the depth',
  Ferne: 'das Ferne is far-off things as an adjective noun; die Ferne, the distance (our meaning)',
  Stille: 'das Stille is the quiet as an adjective noun; die Stille, the silence (our meaning)',
  Abgeordnete: NOMINALISED,
  Einheimische: NOMINALISED,
  Vorgesetzte: NOMINALISED,
  Zugezogene: NOMINALISED,
  Reisende: NOMINALISED,
  Fremde: 'das Fremde is the unfamiliar; der or die Fremde, the stranger, follows the person',
};

/** Building the forms table for 5,000 entries with the spell checker takes seconds on a busy machine. */
const BUILD_FORMS_TIMEOUT_MS = 60_000;

let stories: Loaded<StoryFile>[];
let vocabulary: Loaded<VocabularyEntry>[];
let forms: FormsTable;
let names: NamesTable;
const candidateKeys = (text: string) => keysIn(text, forms);
const report: string[] = [];

const table = (title: string, counts: Record<string, number>) =>
  `${title}: ${Object.entries(counts)
    .map(([key, count]) => `${key} ${count}`)
    .join(', ')}`;

beforeAll(() => {
  stories = loadStories();
  vocabulary = loadVocabulary();
  forms = JSON.parse(readFileSync(FORMS_FILE, 'utf8'));
  names = loadNames();
});

describe('stories', () => {
  it('are at least 120: 20 or more at each level, ids unique and matching their file names', () => {
    const ids = stories.map((story) => story.value.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { file, value } of stories) {
      expect(file, 'file lives in the folder of its level').toMatch(
        new RegExp(`^${value.difficulty.toLowerCase()}/`),
      );
      expect(path.basename(file), 'file name starts with the two-digit id').toMatch(
        new RegExp(`^${String(value.id).padStart(2, '0')}-[a-z0-9-]+\\.json$`),
      );
    }
    const perLevel = Object.fromEntries(
      LEVELS.map((level) => [level, stories.filter((s) => s.value.difficulty === level).length]),
    );
    for (const level of LEVELS) expect(perLevel[level], level).toBeGreaterThanOrEqual(20);
    report.push(table('Stories per level', perLevel));
  });

  it('cover all nine categories at every level, twice or more', () => {
    const perCategory: Record<string, number> = {};
    for (const category of CATEGORIES) {
      for (const level of LEVELS) {
        const count = stories.filter(
          (s) => s.value.category === category && s.value.difficulty === level,
        ).length;
        expect(count, `${category} at ${level}`).toBeGreaterThanOrEqual(2);
      }
      perCategory[category] = stories.filter((s) => s.value.category === category).length;
    }
    report.push(table('Stories per category', perCategory));
  });

  it('have a German text of the length their level calls for', () => {
    for (const { file, value } of stories) {
      const [min, max] = WORDS_PER_LEVEL[value.difficulty];
      const words = countWords(value.content.de);
      expect(words, `${file}: ${words} German words`).toBeGreaterThanOrEqual(min);
      expect(words, `${file}: ${words} German words`).toBeLessThanOrEqual(max);
    }
  });

  it('have every translation complete: the same paragraphs in de, en, es and kr', () => {
    for (const { file, value } of stories) {
      const german = paragraphCount(value.content.de);
      for (const language of ['en', 'es', 'kr'] as const) {
        expect(paragraphCount(value.content[language]), `${file}: paragraphs in ${language}`).toBe(
          german,
        );
        const ratio = value.content[language].length / value.content.de.length;
        expect(
          ratio,
          `${file}: ${language} is ${Math.round(ratio * 100)} % of the German length`,
        ).toBeGreaterThan(0.3);
      }
      expect(/[가-힣]/.test(value.content.kr), `${file}: kr is Korean`).toBe(true);
      expect(/[가-힣]/.test(value.title.kr), `${file}: kr title is Korean`).toBe(true);
    }
  });

  it('end every German sentence with punctuation, so audio can be cut by sentence', () => {
    for (const { file, value } of stories) {
      for (const sentence of splitSentences(value.content.de)) {
        expect(sentence.text, file).toMatch(SENTENCE_END);
      }
    }
  });

  it('have target words that are in the vocabulary and occur in the German text', () => {
    const byWord = new Map<string, VocabularyEntry[]>();
    for (const { value } of vocabulary)
      byWord.set(value.word, [...(byWord.get(value.word) ?? []), value]);
    const problems: string[] = [];
    for (const { file, value } of stories) {
      const resolved = candidateKeys(value.content.de);
      for (const target of value.vocabulary_list) {
        const entries = byWord.get(target);
        if (!entries) {
          problems.push(`${file}: "${target}" is not in the vocabulary`);
          continue;
        }
        const found = entries.some(
          (entry) => resolved.has(vocabularyKey(entry)) || occursLiterally(entry, value.content.de),
        );
        if (!found) problems.push(`${file}: "${target}" does not occur in the German text`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('series', () => {
  it('are three or more of 4–6 parts, each part at the level of the one before or the next', () => {
    const series = new Map<string, { level: string; id: number }[]>();
    const byId = new Map(stories.map(({ value }) => [value.id, value]));
    for (const [storyId, place] of loadSeries()) {
      const story = byId.get(storyId);
      expect(
        story,
        `series ${place.id} names story ${storyId}, which does not exist`,
      ).toBeDefined();
      series.set(
        place.id,
        place.stories.map((id) => ({ id, level: byId.get(id)?.difficulty ?? '' })),
      );
    }
    for (const [id, parts] of series) {
      parts.slice(1).forEach((part, index) => {
        const before = LEVELS.indexOf(parts[index]?.level as (typeof LEVELS)[number]);
        const step = LEVELS.indexOf(part.level as (typeof LEVELS)[number]) - before;
        expect(step, `${id}: story ${part.id} follows ${parts[index]?.id}`).toBeGreaterThanOrEqual(
          0,
        );
        expect(step, `${id}: story ${part.id} follows ${parts[index]?.id}`).toBeLessThanOrEqual(1);
      });
    }
    expect(series.size).toBeGreaterThanOrEqual(3);
    report.push(
      `Series: ${[...series].map(([id, parts]) => `${id} (${parts.map((p) => `${p.id} ${p.level}`).join(', ')})`).join('; ')}`,
    );
  });
});

describe('vocabulary', () => {
  it('has at least 2,500 entries, most at A1–B1, each (word, part of speech) once', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { file, value } of vocabulary) {
      const key = vocabularyKey(value);
      const previous = seen.get(key);
      if (previous) duplicates.push(`${key} in ${previous} and ${file}`);
      seen.set(key, file);
    }
    expect(duplicates).toEqual([]);
    expect(vocabulary.length).toBeGreaterThanOrEqual(2_500);
    const perLevel = Object.fromEntries(
      LEVELS.map((level) => [
        level,
        vocabulary.filter((v) => v.value.difficulty_level === level).length,
      ]),
    );
    const lower = (perLevel.A1 ?? 0) + (perLevel.A2 ?? 0) + (perLevel.B1 ?? 0);
    expect(lower / vocabulary.length).toBeGreaterThan(0.5);
    report.push(`Vocabulary: ${vocabulary.length} entries`);
    report.push(table('Vocabulary per level', perLevel));
    const perPos = Object.fromEntries(
      PARTS_OF_SPEECH.map((pos) => [
        pos,
        vocabulary.filter((v) => v.value.part_of_speech === pos).length,
      ]).filter(([, n]) => Number(n) > 0),
    );
    report.push(table('Vocabulary per part of speech', perPos));
  });

  it('gives nouns the gender the lexicon gives them, wherever the lexicon knows the word', () => {
    const lexicon = lexiconNouns();
    const disagreements: string[] = [];
    let checked = 0;
    for (const { file, value } of vocabulary) {
      if (value.part_of_speech !== 'noun') continue;
      const known = lexicon[value.base_word]?.G;
      if (!known) continue;
      checked += 1;
      if (LEXICON_GENDER[known] !== value.gender && !GENDER_EXCEPTIONS[value.base_word]) {
        disagreements.push(`${file}: ${value.word} is ${LEXICON_GENDER[known]} in the lexicon`);
      }
    }
    report.push(
      `Noun genders checked against the lexicon: ${checked} (${Object.keys(GENDER_EXCEPTIONS).length} disagreements checked by hand and kept, ${disagreements.length} open)`,
    );
    expect(disagreements).toEqual([]);
  });

  it('has example sentences that contain their word in some form', () => {
    const problems: string[] = [];
    for (const { file, value } of vocabulary) {
      if (
        !candidateKeys(value.example_sentence).has(vocabularyKey(value)) &&
        !occursLiterally(value, value.example_sentence)
      ) {
        problems.push(`${file}: "${value.word}" not in "${value.example_sentence}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it(
    'has a forms table that is up to date (npx tsx scripts/content/build-forms.ts)',
    () => {
      expect(buildForms(vocabulary.map((v) => v.value))).toEqual(forms);
    },
    BUILD_FORMS_TIMEOUT_MS,
  );

  it('resolves at least 97 % of the story words to an entry or a name', () => {
    let total = 0;
    let entries = 0;
    let named = 0;
    const missing = new Map<string, number>();
    for (const { value } of stories) {
      const tokens = tokenizeWords(value.content.de);
      resolveText(tokens, forms, value.content.de, names).forEach((resolution, index) => {
        total += 1;
        if (resolution.key !== null) entries += 1;
        else if (resolution.name) named += 1;
        else {
          const word = tokens[index]?.text ?? '';
          missing.set(word, (missing.get(word) ?? 0) + 1);
        }
      });
    }
    const share = (entries + named) / total;
    const percent = (n: number) => `${((n / total) * 100).toFixed(1)} %`;
    report.push(
      `Story words resolving: ${entries + named} of ${total} (${percent(entries + named)}): ${entries} to an entry (${percent(entries)}), ${named} to a name`,
    );
    const unresolved = [...missing].sort((a, b) => b[1] - a[1]).slice(0, 30);
    report.push(
      `Unresolved, most frequent: ${unresolved.map(([word, n]) => `${word} ${n}`).join(', ')}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.97);
  });

  it('reads at least 95 % of the hand-checked ambiguous words right (content/checks/homographs.json)', () => {
    const checks = JSON.parse(
      readFileSync(path.join(path.dirname(FORMS_FILE), '..', 'checks', 'homographs.json'), 'utf8'),
    ) as { story: number; token: string; entry: string; sentence: string }[];
    expect(checks.length).toBeGreaterThanOrEqual(150);
    const byId = new Map(stories.map(({ value }) => [value.id, value]));
    const wrong: string[] = [];
    for (const check of checks) {
      const story = byId.get(check.story);
      const at = story?.content.de.indexOf(check.sentence) ?? -1;
      expect(at, `story ${check.story} has "${check.sentence}"`).toBeGreaterThanOrEqual(0);
      const text = story?.content.de ?? '';
      const tokens = tokenizeWords(text);
      const index = tokens.findIndex((token) => token.start >= at && token.text === check.token);
      const resolved = resolveText(tokens, forms, text, names)[index]?.key ?? null;
      if (resolved !== check.entry)
        wrong.push(`${check.token} → ${resolved} (not ${check.entry}): ${check.sentence}`);
    }
    const share = (checks.length - wrong.length) / checks.length;
    report.push(
      `Ambiguous words read right: ${checks.length - wrong.length} of ${checks.length} (${(share * 100).toFixed(1)} %)`,
    );
    if (wrong.length > 0) report.push(`Read wrong:\n  ${wrong.join('\n  ')}`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});

describe('audio', () => {
  it('has both voices and sentence timings for every story, under 120 MB in all', () => {
    let bytes = 0;
    const missing: string[] = [];
    for (const { value } of stories) {
      for (const voice of ['amala', 'florian']) {
        const base = path.join(AUDIO_DIR, `${value.id}`, `de-${voice}`);
        if (!existsSync(`${base}.mp3`) || !existsSync(`${base}.json`)) {
          missing.push(`${value.id}/de-${voice}`);
          continue;
        }
        bytes += statSync(`${base}.mp3`).size;
        const timings = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as {
          sentences: { start: number; end: number }[];
        };
        expect(timings.sentences.length, `${value.id}/de-${voice} timings`).toBe(
          splitSentences(value.content.de).length,
        );
      }
    }
    const files = existsSync(AUDIO_DIR) ? readdirSync(AUDIO_DIR).length : 0;
    report.push(`Audio: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${files} story folders`);
    expect(missing).toEqual([]);
    expect(bytes).toBeLessThan(AUDIO_BUDGET_BYTES);
  });
});

describe('report', () => {
  it('prints the corpus figures', () => {
    console.log(`\nLesefuchs corpus\n${report.map((line) => `  ${line}`).join('\n')}\n`);
    expect(report.length).toBeGreaterThan(0);
  });
});
