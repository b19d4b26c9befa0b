import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import type { FormsTable } from '@lesefuchs/core/text/resolve';
import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../stories/stories-api';
import type { FormsLookup } from './search-forms';
import { SearchEngine } from './search-index';
import { spellings } from './search-text';

// How well the vocabulary search finds what a learner means, measured over the real word list
// (every content/vocabulary/*.json but the form table) with the form table standing in for the
// server. Each query has the entry a learner means as its expected first result, checked by
// hand against the word list. The share of right first results must stay at 95 % or more.

const files = import.meta.glob<string>('../../../../../content/vocabulary/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

interface FileEntry {
  word: string;
  base_word: string;
  part_of_speech: string;
  difficulty_level: VocabularyEntry['difficultyLevel'];
  translation_en: string;
  translation_es: string;
  translation_kr: string;
  example_sentence: string;
  gender?: VocabularyEntry['gender'];
  plural?: string | null;
}

const isForms = (path: string) => path.endsWith('/forms.json');

const entries: VocabularyEntry[] = Object.keys(files)
  .filter((path) => !isForms(path))
  .sort()
  .flatMap((path) => JSON.parse(files[path] as string) as FileEntry[])
  .map((entry, index) => ({
    id: index + 1,
    word: entry.word,
    baseWord: entry.base_word,
    partOfSpeech: entry.part_of_speech,
    difficultyLevel: entry.difficulty_level,
    translationEn: entry.translation_en,
    translationEs: entry.translation_es,
    translationKr: entry.translation_kr,
    exampleSentence: entry.example_sentence,
    gender: entry.gender ?? null,
    plural: entry.plural ?? null,
  }));

const keyOf = (entry: VocabularyEntry) => `${entry.word}|${entry.partOfSpeech}`;
const idOf = new Map(entries.map((entry) => [keyOf(entry), entry.id]));
const formsPath = Object.keys(files).find(isForms);
const forms = JSON.parse(formsPath ? (files[formsPath] as string) : '{}') as FormsTable;

/**
 * What `GET /api/vocabulary/forms` answers (apps/server/src/services/vocabulary.service.ts),
 * from the same table: the entries of the form as written (a separable verb's after the
 * others), then those of the forms the query is a spelling of (ß as ss, umlauts and accents
 * folded or written out).
 */
function tableLookup(): FormsLookup {
  const ordered = (targets: FormsTable[string]) =>
    [...targets.filter((t) => !t.particle), ...targets.filter((t) => t.particle)]
      .map((target) => idOf.get(target.key))
      .filter((id): id is number => id !== undefined);
  const spelt = new Map<string, number[]>();
  for (const [form, targets] of Object.entries(forms)) {
    for (const spelling of spellings(form).slice(1)) {
      spelt.set(spelling, [...(spelt.get(spelling) ?? []), ...ordered(targets)]);
    }
  }
  return async (form) => {
    const written = form.toLocaleLowerCase('de');
    const ids = [...ordered(forms[written] ?? []), ...(spelt.get(written) ?? [])];
    return [...new Set(ids)].slice(0, 20);
  };
}

/** [query, the entry meant as `word|part_of_speech`, the language searched (English unless given)] */
type Case = [query: string, meant: string, language?: InterfaceLanguage];

const CASES: Case[] = [
  // German words as listed, with and without article
  ['Bahnhof', 'der Bahnhof|noun'],
  ['der Hund', 'der Hund|noun'],
  ['Katze', 'die Katze|noun'],
  ['gehen', 'gehen|verb'],
  ['müde', 'müde|adjective'],
  ['Straße', 'die Straße|noun'],
  ['Haus', 'das Haus|noun'],
  ['sprechen', 'sprechen|verb'],
  ['Kaffee', 'der Kaffee|noun'],
  ['Schlüssel', 'der Schlüssel|noun'],
  ['Mädchen', 'das Mädchen|noun'],
  ['sich freuen', 'sich freuen|verb'],
  ['Essen', 'das Essen|noun'],
  ['essen', 'essen|verb'],
  ['Arm', 'der Arm|noun'],
  ['arm', 'arm|adjective'],
  ['Kuchen', 'der Kuchen|noun'],
  // inflected forms: the lemma first
  ['ging', 'gehen|verb'],
  ['Häuser', 'das Haus|noun'],
  ['wusste', 'wissen|verb'],
  ['kommt', 'kommen|verb'],
  ['sprach', 'sprechen|verb'],
  ['gegessen', 'essen|verb'],
  ['Kinder', 'das Kind|noun'],
  ['Bücher', 'das Buch|noun'],
  ['Männer', 'der Mann|noun'],
  ['liest', 'lesen|verb'],
  ['fährt', 'fahren|verb'],
  ['nahm', 'nehmen|verb'],
  ['sah', 'sehen|verb'],
  ['war', 'sein|auxiliary'],
  ['bin', 'sein|auxiliary'],
  ['hat', 'haben|auxiliary'],
  ['Äpfel', 'der Apfel|noun'],
  ['Städte', 'die Stadt|noun'],
  ['blieb', 'bleiben|verb'],
  ['kam', 'kommen|verb'],
  ['sass', 'sitzen|verb'],
  ['müsste', 'müssen|modal'],
  ['trank', 'trinken|verb'],
  ['schrieb', 'schreiben|verb'],
  ['lief', 'laufen|verb'],
  ['musste', 'müssen|modal'],
  ['fuhr', 'fahren|verb'],
  ['gewusst', 'wissen|verb'],
  ['isst', 'essen|verb'],
  ['gekauft', 'kaufen|verb'],
  ['Brüder', 'der Bruder|noun'],
  ['Zuege', 'der Zug|noun'],
  ['hauser', 'das Haus|noun'],
  ['aepfel', 'der Apfel|noun'],
  // ß and umlauts typed without a German keyboard, and case
  ['strasse', 'die Straße|noun'],
  ['Strasse', 'die Straße|noun'],
  ['muede', 'müde|adjective'],
  ['mude', 'müde|adjective'],
  ['maedchen', 'das Mädchen|noun'],
  ['madchen', 'das Mädchen|noun'],
  ['frueh', 'früh|adjective'],
  ['fruh', 'früh|adjective'],
  ['gross', 'groß|adjective'],
  ['heissen', 'heißen|verb'],
  ['Fuss', 'der Fuß|noun'],
  ['schoen', 'schön|adjective'],
  ['Schluessel', 'der Schlüssel|noun'],
  ['Fruehstueck', 'das Frühstück|noun'],
  ['Gemuese', 'das Gemüse|noun'],
  ['tuer', 'die Tür|noun'],
  ['uber', 'über|preposition'],
  ['Strassenbahn', 'die Straßenbahn|noun'],
  ['Kuehlschrank', 'der Kühlschrank|noun'],
  // one typo in a word of five letters or more
  ['Strase', 'die Straße|noun'],
  ['Bahnhov', 'der Bahnhof|noun'],
  ['Kartofel', 'die Kartoffel|noun'],
  ['Fenstr', 'das Fenster|noun'],
  ['Geburtstg', 'der Geburtstag|noun'],
  ['Frühstük', 'das Frühstück|noun'],
  ['Zeitunf', 'die Zeitung|noun'],
  ['Kühlschrnk', 'der Kühlschrank|noun'],
  ['Wohnunng', 'die Wohnung|noun'],
  ['Flughafn', 'der Flughafen|noun'],
  ['Schwestr', 'die Schwester|noun'],
  // meanings
  ['house', 'das Haus|noun'],
  ['dog', 'der Hund|noun'],
  ['cat', 'die Katze|noun'],
  ['during', 'während|preposition'],
  ['tired', 'müde|adjective'],
  ['street', 'die Straße|noun'],
  ['train station', 'der Bahnhof|noun'],
  ['go', 'gehen|verb'],
  ['to go', 'gehen|verb'],
  ['key', 'der Schlüssel|noun'],
  ['water', 'das Wasser|noun'],
  ['bread', 'das Brot|noun'],
  ['coffee', 'der Kaffee|noun'],
  ['girl', 'das Mädchen|noun'],
  ['apple', 'der Apfel|noun'],
  ['book', 'das Buch|noun'],
  ['to book', 'buchen|verb'],
  ['to eat', 'essen|verb'],
  ['tomorrow', 'morgen|adverb'],
  ['casa', 'das Haus|noun', 'es'],
  ['perro', 'der Hund|noun', 'es'],
  ['gato', 'die Katze|noun', 'es'],
  ['cansado', 'müde|adjective', 'es'],
  ['calle', 'die Straße|noun', 'es'],
  ['estacion de tren', 'der Bahnhof|noun', 'es'],
  ['agua', 'das Wasser|noun', 'es'],
  ['llave', 'der Schlüssel|noun', 'es'],
  ['comer', 'essen|verb', 'es'],
  ['libro', 'das Buch|noun', 'es'],
  ['manzana', 'der Apfel|noun', 'es'],
  ['집', 'das Haus|noun', 'kr'],
  ['개', 'der Hund|noun', 'kr'],
  ['고양이', 'die Katze|noun', 'kr'],
  ['피곤한', 'müde|adjective', 'kr'],
  ['기차역', 'der Bahnhof|noun', 'kr'],
  ['물', 'das Wasser|noun', 'kr'],
  ['열쇠', 'der Schlüssel|noun', 'kr'],
  ['책', 'das Buch|noun', 'kr'],
  ['먹다', 'essen|verb', 'kr'],
];

const describeEntry = (id: number | undefined) => {
  const entry = entries.find((candidate) => candidate.id === id);
  return entry ? keyOf(entry) : 'nothing';
};

/** The share of queries whose first result is the entry meant, and the misses. */
async function measure(stemmer: boolean) {
  const engines = new Map<InterfaceLanguage, SearchEngine>();
  const engineFor = (language: InterfaceLanguage) => {
    let engine = engines.get(language);
    if (!engine) {
      engine = new SearchEngine(tableLookup());
      engine.load({ version: 'content', entries, language, stemmer });
      engines.set(language, engine);
    }
    return engine;
  };
  const misses: string[] = [];
  for (const [query, meant, language = 'en'] of CASES) {
    const wanted = idOf.get(meant);
    if (wanted === undefined) throw new Error(`no entry ${meant} in the word list`);
    const [first] = await engineFor(language).find(query);
    if (first !== wanted) misses.push(`${query} (${language}) → ${describeEntry(first)}`);
  }
  return { share: (CASES.length - misses.length) / CASES.length, misses };
}

describe('the vocabulary search over the word list', () => {
  it('has a list of queries worth the name', () => {
    expect(entries.length).toBeGreaterThan(3000);
    expect(Object.keys(forms).length).toBeGreaterThan(10_000);
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each([false, true])(
    'finds the entry meant first for 95 percent of queries (stemmer: %s)',
    async (stemmer) => {
      const { share, misses } = await measure(stemmer);
      console.log(
        `vocabulary search, stemmer ${stemmer ? 'on' : 'off'}: ${(share * 100).toFixed(1)} % of ${CASES.length} queries right` +
          (misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''),
      );
      expect(share).toBeGreaterThanOrEqual(0.95);
    },
    // Indexing the whole word list (5,000 entries) twice takes seconds on a busy machine.
    60_000,
  );
});
