import path from 'node:path';
import {
  FORM_TAGS,
  type FormsTable,
  type FormTag,
  type VocabularyEntry,
  vocabularyKey,
} from '@lesefuchs/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, loadVocabulary, readForms } from '../../apps/server/src/content/corpus.ts';
import {
  asNoun,
  buildForms,
  closedClassForms,
  dativePlural,
  type FormsExtra,
  genitiveSingular,
  loadFormsExtra,
  type NounData,
  nounForms,
} from './build-forms.ts';
import {
  allStrings,
  germanSpeller,
  lexiconAdjective,
  lexiconNoun,
  lexiconVerb,
  modernSpelling,
  type Speller,
  type VerbForm,
  type VerbForms,
} from './lexicon.ts';

// Hunspell and the lexicon take seconds to load.
const SLOW = 120_000;

const readings = (forms: Map<string, Set<FormTag>>) =>
  Object.fromEntries([...forms].map(([form, tags]) => [form, [...tags].sort()]));

const noun = (word: string, plural: string | null): NounData => {
  const [article, base_word = ''] = word.split(' ');
  const gender = ({ der: 'masculine', die: 'feminine', das: 'neuter' } as const)[
    article as 'der' | 'die' | 'das'
  ];
  return { base_word, gender, plural: plural && `die ${plural}` };
};

describe('noun rules (checked by hand)', () => {
  it.each([
    ['das Haus', 'Häuser', { Hauses: ['gen'], Häuser: ['pl'], Häusern: ['datpl'] }],
    ['die Abwägung', 'Abwägungen', { Abwägungen: ['pl'] }],
    ['das Abendessen', 'Abendessen', { Abendessens: ['gen'], Abendessen: ['pl'] }],
    ['der Junge', 'Jungen', { Jungen: ['obl', 'pl'] }],
    ['der Kollege', 'Kollegen', { Kollegen: ['obl', 'pl'] }],
    ['der Mensch', 'Menschen', { Menschen: ['obl', 'pl'] }],
    ['der Mitmensch', 'Mitmenschen', { Mitmenschen: ['obl', 'pl'] }],
    ['der Student', 'Studenten', { Studenten: ['obl', 'pl'] }],
    ['der Geldautomat', 'Geldautomaten', { Geldautomaten: ['obl', 'pl'] }],
    ['der Herr', 'Herren', { Herrn: ['obl'], Herren: ['pl'] }],
    ['der Name', 'Namen', { Namen: ['obl', 'pl'], Namens: ['gen'] }],
    ['der Aberglaube', null, { Aberglauben: ['obl'], Aberglaubens: ['gen'] }],
    ['der Erwachsene', 'Erwachsenen', { Erwachsenen: ['obl', 'pl'] }],
    ['der Tag', 'Tage', { Tags: ['gen'], Tages: ['gen'], Tage: ['pl'], Tagen: ['datpl'] }],
    ['der Staat', 'Staaten', { Staats: ['gen'], Staates: ['gen'], Staaten: ['pl'] }],
    ['der Professor', 'Professoren', { Professors: ['gen'], Professoren: ['pl'] }],
    ['der See', 'Seen', { Sees: ['gen'], Seen: ['pl'] }],
    ['der Käse', null, { Käses: ['gen'] }],
    ['das Auto', 'Autos', { Autos: ['gen', 'pl'] }],
    ['der Bus', 'Busse', { Busses: ['gen'], Busse: ['pl'], Bussen: ['datpl'] }],
    [
      'das Ergebnis',
      'Ergebnisse',
      { Ergebnisses: ['gen'], Ergebnisse: ['pl'], Ergebnissen: ['datpl'] },
    ],
    ['der Globus', 'Globen', { Globen: ['pl'] }],
    ['der Fuß', 'Füße', { Fußes: ['gen'], Füße: ['pl'], Füßen: ['datpl'] }],
    ['der Tisch', 'Tische', { Tisches: ['gen'], Tische: ['pl'], Tischen: ['datpl'] }],
    [
      'das Krankenhaus',
      'Krankenhäuser',
      { Krankenhauses: ['gen'], Krankenhäuser: ['pl'], Krankenhäusern: ['datpl'] },
    ],
    ['der Lehrer', 'Lehrer', { Lehrers: ['gen'], Lehrer: ['pl'], Lehrern: ['datpl'] }],
    ['das Mädchen', 'Mädchen', { Mädchens: ['gen'], Mädchen: ['pl'] }],
    ['die Mutter', 'Mütter', { Mütter: ['pl'], Müttern: ['datpl'] }],
    ['das Museum', 'Museen', { Museums: ['gen'], Museen: ['pl'] }],
    ['das Antibiotikum', 'Antibiotika', { Antibiotikums: ['gen'], Antibiotika: ['pl'] }],
  ] as const)('%s, die %s', (word, plural, expected) => {
    expect(readings(nounForms(noun(word, plural)))).toEqual(expected);
  });

  it('puts -es after a sibilant, -s after a vowel and both after one syllable', () => {
    expect(genitiveSingular('Kurs', 'Kurse')).toEqual(['Kurses']);
    expect(genitiveSingular('Platz', 'Plätze')).toEqual(['Platzes']);
    expect(genitiveSingular('Reflex', 'Reflexe')).toEqual(['Reflexes']);
    expect(genitiveSingular('Kaffee', 'Kaffees')).toEqual(['Kaffees']);
    expect(genitiveSingular('Ende', 'Enden')).toEqual(['Endes']);
    expect(genitiveSingular('Buch', 'Bücher')).toEqual(['Buchs', 'Buches']);
    expect(genitiveSingular('Bahnhof', 'Bahnhöfe')).toEqual(['Bahnhofs']);
    expect(genitiveSingular('Kapitalismus', null)).toEqual([]);
  });

  it('adds -n to a dative plural only after -e, -el and -er', () => {
    expect(['Tage', 'Vögel', 'Kinder', 'Frauen', 'Autos', 'Visa'].map(dativePlural)).toEqual([
      'Tagen',
      'Vögeln',
      'Kindern',
      'Frauen',
      'Autos',
      'Visa',
    ]);
  });
});

/** A vocabulary entry made up for a test; only the word and part of speech matter here. */
function entry(
  word: string,
  part_of_speech: VocabularyEntry['part_of_speech'],
  plural?: string | null,
): VocabularyEntry {
  const common = {
    word,
    base_word: word.replace(/^(?:der|die|das|sich) /, ''),
    difficulty_level: 'A1' as const,
    translation_en: '-',
    translation_es: '-',
    translation_kr: '-',
    example_sentence: '-',
  };
  if (part_of_speech !== 'noun') return { ...common, part_of_speech };
  return { ...noun(word, plural ?? null), ...common, part_of_speech: 'noun' };
}

describe('closed-class forms', () => {
  it('declines the possessives and determiners from their real stems, with no made-up word', () => {
    expect(closedClassForms('unser')).toEqual(
      expect.arrayContaining(['unser', 'unsere', 'unseren', 'unserem', 'unserer', 'unseres']),
    );
    expect(closedClassForms('unser')).not.toContain('uns');
    expect(closedClassForms('euer')).toEqual(
      expect.arrayContaining(['euer', 'eure', 'euren', 'eurem', 'eurer', 'eures']),
    );
    expect(closedClassForms('euer')).not.toContain('eue');
    expect(closedClassForms('jeder')).not.toContain('jed');
    expect(closedClassForms('dieser')).toEqual(expect.arrayContaining(['dies', 'diese', 'dieser']));
  });
});

describe('buildForms on a made-up vocabulary', () => {
  const entries = [
    entry('wissen', 'verb'),
    entry('müssen', 'modal'),
    entry('ausgehen', 'verb'),
    entry('gehen', 'verb'),
    entry('ankommen', 'verb'),
    entry('schließen', 'verb'),
    entry('essen', 'verb'),
    entry('weiß', 'adjective'),
    entry('alt', 'adjective'),
    entry('gut', 'adjective'),
    entry('dunkel', 'adjective'),
    entry('tot', 'adjective'),
    entry('gern', 'adverb'),
    entry('das Haus', 'noun', 'Häuser'),
    entry('das Schloss', 'noun', 'Schlösser'),
    entry('der Fluss', 'noun', 'Flüsse'),
    entry('der Fuß', 'noun', 'Füße'),
    entry('das Abendessen', 'noun', 'Abendessen'),
    entry('die Abwägung', 'noun', 'Abwägungen'),
    entry('der Aberglaube', 'noun', null),
    entry('der Absender', 'noun', 'Absender'),
    entry('der Junge', 'noun', 'Jungen'),
    entry('der Erwachsene', 'noun', 'Erwachsenen'),
    entry('die Vorgesetzte', 'noun', 'Vorgesetzten'),
    entry('die Liebe', 'noun', null),
    entry('die Steuer', 'noun', 'Steuern'),
    entry('im', 'preposition'),
    entry('mein', 'determiner'),
  ];
  const extras = [
    { file: 'made-up.json', value: { im: ['im|preposition'], ging: ['gehen|verb'] } },
  ];
  let forms: FormsTable;
  beforeAll(() => {
    forms = buildForms(entries, extras);
  }, SLOW);
  const targetsOf = (form: string) => forms[form]?.map((target) => ({ ...target })) ?? [];

  it('tags what a form is of its entry, every reading, none on the entry itself', () => {
    expect(targetsOf('weiß')).toEqual([
      { key: 'weiß|adjective' },
      { key: 'wissen|verb', tags: ['pres1s', 'pres3s'] },
    ]);
    expect(targetsOf('wissen')).toEqual([{ key: 'wissen|verb' }]);
    expect(targetsOf('häuser')).toEqual([{ key: 'das Haus|noun', tags: ['pl'] }]);
    expect(targetsOf('häusern')).toEqual([{ key: 'das Haus|noun', tags: ['datpl'] }]);
    expect(targetsOf('hauses')).toEqual([{ key: 'das Haus|noun', tags: ['gen'] }]);
    expect(targetsOf('gewusst')).toEqual([{ key: 'wissen|verb', tags: ['pp'] }]);
    expect(targetsOf('kommt')).toEqual([
      { key: 'ankommen|verb', particle: 'an', tags: ['pres3s', 'pres2p'] },
    ]);
    expect(targetsOf('ankommt')).toEqual([{ key: 'ankommen|verb', tags: ['pres3s', 'pres2p'] }]);
    expect(targetsOf('anzukommen')).toEqual([{ key: 'ankommen|verb', tags: ['zuinf'] }]);
    expect(targetsOf('älteren')).toEqual([{ key: 'alt|adjective', tags: ['comp'] }]);
    expect(targetsOf('ältesten')).toEqual([{ key: 'alt|adjective', tags: ['sup'] }]);
    expect(targetsOf('alte')).toEqual([{ key: 'alt|adjective', tags: ['decl'] }]);
    expect(targetsOf('besser')).toEqual([{ key: 'gut|adjective', tags: ['comp'] }]);
    expect(targetsOf('dunklere')).toEqual([{ key: 'dunkel|adjective', tags: ['comp'] }]);
    expect(targetsOf('liebsten')).toEqual([{ key: 'gern|adverb', tags: ['sup'] }]);
    expect(targetsOf('erwachsener')).toEqual([{ key: 'der Erwachsene|noun', tags: ['decl'] }]);
    expect(targetsOf('erwachsenen')).toEqual([{ key: 'der Erwachsene|noun', tags: ['pl', 'obl'] }]);
    expect(targetsOf('aberglaubens')).toEqual([{ key: 'der Aberglaube|noun', tags: ['gen'] }]);
    expect(targetsOf('meinem')).toEqual([{ key: 'mein|determiner' }]);
    for (const targets of Object.values(forms)) {
      for (const tag of targets.flatMap((target) => target.tags ?? [])) {
        expect(FORM_TAGS).toContain(tag);
      }
    }
  });

  it('writes today’s spelling: ss after a short vowel, ß after a long one', () => {
    expect(targetsOf('muss')).toEqual([{ key: 'müssen|modal', tags: ['pres1s', 'pres3s'] }]);
    expect(targetsOf('wusste')).toEqual([{ key: 'wissen|verb', tags: ['past1s', 'past3s'] }]);
    expect(targetsOf('schloss').map((target) => target.key)).toEqual([
      'das Schloss|noun',
      'schließen|verb',
    ]);
    expect(targetsOf('schlösser')).toEqual([{ key: 'das Schloss|noun', tags: ['pl'] }]);
    expect(targetsOf('flusses')).toEqual([{ key: 'der Fluss|noun', tags: ['gen'] }]);
    expect(targetsOf('wisst')).toEqual([{ key: 'wissen|verb', tags: ['pres2p', 'imp'] }]);
    for (const kept of ['aß', 'fußes', 'schließt', 'weißt'])
      expect(forms[kept], kept).toBeDefined();
    for (const old of ['muß', 'wußte', 'schloß', 'fluß', 'wißt', 'gewußt']) {
      expect(forms[old], old).toBeUndefined();
    }
  });

  it('makes no form German does not have', () => {
    for (const junk of [
      'abendessenen',
      'abendessenn',
      'aberglaubeen',
      'abwägunges',
      'abwägungn',
      'absenderen',
      'zuwissen',
      'zugehen',
      'ankomm',
      'alteren',
      'altesten',
      'guteren',
      'toteren',
      'totesten',
      'junger',
      'erwachsenes',
      'vorgesetztem',
      'steuers',
    ]) {
      expect(forms[junk], junk).toBeUndefined();
    }
    // "lieber" is gern's comparative, not a form of die Liebe.
    expect(targetsOf('lieber')).toEqual([{ key: 'gern|adverb', tags: ['comp'] }]);
  });

  it(
    'puts a hand-added form after the entry’s own word and before generated ones',
    () => {
      const ging = [
        { key: 'gehen|verb', tags: ['past1s', 'past3s'] },
        { key: 'ausgehen|verb', particle: 'aus', tags: ['past1s', 'past3s'] },
      ];
      expect(targetsOf('ging')).toEqual(ging);
      expect(buildForms(entries, []).ging).toEqual([ging[1], ging[0]]);
      expect(targetsOf('im')).toEqual([{ key: 'im|preposition' }]);
    },
    SLOW,
  );

  it('fails on a hand-added form whose key names no entry', () => {
    const wrong = [{ file: 'group-9.json', value: { gingen: ['gehn|verb', 'gehen|verb'] } }];
    expect(() => buildForms(entries, wrong)).toThrow(
      'content/forms-extra: 1 hand-added form(s) name no vocabulary entry (a key is "word|part_of_speech", e.g. "das Haus|noun"):\n  group-9.json: "gingen" → "gehn|verb"',
    );
  });
});

// The check of the real table: it reads content/ unless FORMS_CONTENT_DIR names another
// content folder (a copy, while others are still writing theirs).
const CHECKED_DIR = path.resolve(process.env.FORMS_CONTENT_DIR ?? CONTENT_DIR);

/**
 * Every form of a lexicon verb in today's spelling; a separable verb's finite forms also
 * joined ("…, weil er ankommt"), except the imperative.
 */
function verbParadigm(verb: VerbForms, speller: Speller): string[] {
  const modern = (form: string) => modernSpelling(form, speller) ?? '';
  const forms = [verb.INF, verb.PA1 ?? '', verb.EIZ ?? '', ...(verb.PA2 ?? [])].map(modern);
  const add = (form: VerbForm, joined: boolean) => {
    if (typeof form === 'string') forms.push(modern(form));
    else
      forms.push(modern(form[0]), joined && modern(form[0]) ? `${form[1]}${modern(form[0])}` : '');
  };
  for (const key of ['PRÄ', 'PRT', 'KJ1', 'KJ2'] as const) {
    for (const persons of Object.values(verb[key] ?? {})) {
      for (const form of Object.values(persons)) add(form, true);
    }
  }
  for (const form of Object.values(verb.IMP ?? {})) add(form, false);
  return forms;
}

/** The forms the lexicon gives a lemma, in today's spelling. */
function lexiconParadigm(entry: VocabularyEntry, speller: Speller): Set<string> {
  const base = entry.base_word.replace(/^sich\s+/, '');
  const written = {
    noun: () => lexiconNoun(base).flatMap(allStrings),
    verb: () => lexiconVerb(base).flatMap((verb) => verbParadigm(verb, speller)),
    adjective: () => lexiconAdjective(base).flatMap(allStrings),
  };
  const kind =
    entry.part_of_speech === 'noun'
      ? 'noun'
      : ['verb', 'auxiliary', 'modal'].includes(entry.part_of_speech)
        ? 'verb'
        : ['adjective', 'adverb'].includes(entry.part_of_speech)
          ? 'adjective'
          : null;
  return new Set(
    (kind ? written[kind]() : [])
      .filter(Boolean)
      .map((form) => modernSpelling(form, speller)?.toLowerCase())
      .filter((form): form is string => form !== undefined),
  );
}

/**
 * Every form of a table that no paradigm makes, as "form → key": accepted are a word Hunspell
 * knows (or a compound of words it knows), a form in the lexicon's paradigm of the lemma, an
 * entry's own word or plural, a hand-added form, a closed-class form.
 */
function unrealForms(
  table: FormsTable,
  entries: VocabularyEntry[],
  extras: { value: FormsExtra }[],
): string[] {
  const byKey = new Map(entries.map((one) => [vocabularyKey(one), one]));
  const own = new Set(
    entries.flatMap((one) => [
      one.base_word.replace(/^sich\s+/, '').toLowerCase(),
      ...(one.part_of_speech === 'noun' && one.plural
        ? [one.plural.replace(/^die\s+/, '').toLowerCase()]
        : []),
    ]),
  );
  const handAdded = new Set(
    extras.flatMap(({ value }) =>
      Object.entries(value).flatMap(([form, keys]) =>
        keys.map((key) => `${form.toLowerCase()}|${key}`),
      ),
    ),
  );
  const asWritten = (form: string, key: string) => (key.endsWith('|noun') ? asNoun(form) : form);
  const speller = germanSpeller(
    Object.entries(table).flatMap(([form, targets]) =>
      targets.map((target) => asWritten(form, target.key)),
    ),
  );
  const paradigms = new Map<string, Set<string>>();
  const refused: string[] = [];
  for (const [form, targets] of Object.entries(table)) {
    for (const { key } of targets) {
      const lemma = byKey.get(key);
      if (!lemma) {
        refused.push(`${form} → ${key} (no such entry)`);
        continue;
      }
      if (own.has(form) || handAdded.has(`${form}|${key}`)) continue;
      const base = lemma.base_word.replace(/^sich\s+/, '');
      if (closedClassForms(base).some((closed) => closed.toLowerCase() === form)) continue;
      let paradigm = paradigms.get(key);
      if (!paradigm) {
        paradigm = lexiconParadigm(lemma, speller);
        paradigms.set(key, paradigm);
      }
      if (paradigm.has(form) || speller.knowsCompound(asWritten(form, key))) continue;
      refused.push(`${form} → ${key}`);
    }
  }
  return refused;
}

describe(`the forms table of ${CHECKED_DIR}`, () => {
  it(
    'has only real German forms: known to Hunspell, in a paradigm, an entry’s own or hand-added',
    () => {
      const entries = loadVocabulary(CHECKED_DIR).map((loaded) => loaded.value);
      const table = JSON.parse(readForms(CHECKED_DIR)) as FormsTable;
      const refused = unrealForms(table, entries, loadFormsExtra(CHECKED_DIR));
      if (refused.length > 0) {
        console.log(`${refused.length} forms no paradigm makes:\n  ${refused.join('\n  ')}`);
      }
      expect(refused).toEqual([]);
    },
    SLOW,
  );
});
