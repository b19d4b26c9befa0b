import { describe, expect, it } from 'vitest';
import { type FormsTable, resolveText } from './resolve.ts';
import { tokenizeWords, type WordToken } from './tokenize.ts';

/** The entry key of each word, as the reader shows it. */
const resolveTokens = (tokens: readonly WordToken[], table: FormsTable, text?: string) =>
  resolveText(tokens, table, text).map((resolution) => resolution.key);

const forms: FormsTable = {
  kommt: [{ key: 'kommen|verb' }, { key: 'ankommen|verb', particle: 'an' }],
  ankommt: [{ key: 'ankommen|verb' }],
  zug: [{ key: 'der Zug|noun' }],
  essen: [{ key: 'essen|verb' }, { key: 'das Essen|noun' }],
  ging: [{ key: 'gehen|verb' }],
  an: [{ key: 'an|preposition' }],
  schläft: [{ key: 'schlafen|verb' }, { key: 'einschlafen|verb', particle: 'ein' }],
  sieht: [{ key: 'sehen|verb' }, { key: 'aussehen|verb', particle: 'aus' }],
  lädt: [{ key: 'laden|verb' }, { key: 'einladen|verb', particle: 'ein' }],
  weiß: [{ key: 'weiß|adjective' }, { key: 'wissen|verb', tags: ['pres1s', 'pres3s'] }],
  sie: [{ key: 'sie|pronoun' }, { key: 'Sie|pronoun' }],
  hole: [{ key: 'holen|verb' }, { key: 'abholen|verb', particle: 'ab' }],
  ab: [{ key: 'ab|preposition' }],
};

const resolve = (text: string) => resolveTokens(tokenizeWords(text), forms);

describe('resolveTokens', () => {
  it('finds the lemma of a strong past form', () => {
    expect(resolve('Er ging.')).toEqual([null, 'gehen|verb']);
  });
  it('chooses the separable verb when its particle follows in the same sentence', () => {
    expect(resolve('Der Zug kommt um acht an.')).toEqual([
      null,
      'der Zug|noun',
      'ankommen|verb',
      null,
      null,
      'ankommen|verb',
    ]);
    expect(resolve('Er kommt. An der Tür steht sie.')[1]).toBe('kommen|verb');
  });
  it('takes the separable verb only when the particle closes the clause (text given)', () => {
    const inText = (text: string) => resolveTokens(tokenizeWords(text), forms, text);
    expect(inText('Er lädt seine Freunde ein.')[1]).toBe('einladen|verb');
    expect(inText('Stachel schläft sofort ein, denn er ist müde.')[1]).toBe('einschlafen|verb');
    expect(inText('Es sieht aus wie ein Mond.')[1]).toBe('aussehen|verb');
    expect(inText('Im Zug schläft er ein bisschen.')[2]).toBe('schlafen|verb');
    expect(inText('Der Zug kommt an der Tür vorbei.')[2]).toBe('kommen|verb');
  });
  it('prefers the noun for a capitalised word inside a sentence, the verb otherwise', () => {
    expect(resolve('Wir essen das Essen.')).toEqual([null, 'essen|verb', null, 'das Essen|noun']);
  });
  it('leaves unknown words unresolved', () => {
    expect(resolve('Quatsch')).toEqual([null]);
  });
});

describe('resolveText', () => {
  const inText = (text: string, names = {}) => resolveText(tokenizeWords(text), forms, text, names);
  it('takes a form after its subject as the verb, after a copula or an article as the adjective', () => {
    const [, weiß] = inText('Tom weiß die Adresse nicht.');
    expect(weiß).toEqual({
      key: 'wissen|verb',
      alternatives: ['weiß|adjective'],
      tags: ['pres1s', 'pres3s'],
    });
    expect(inText('Ich weiß es.')[1]?.key).toBe('wissen|verb');
    // The subject pronoun inside the sentence, right before a form that agrees with it.
    expect(inText('Ja, ich weiß es.')[2]?.key).toBe('wissen|verb');
    expect(inText('Die Wand ist weiß.')[3]?.key).toBe('weiß|adjective');
    expect(inText('Ein weiß gestrichenes Haus.')[1]?.key).toBe('weiß|adjective');
  });
  it('gives the particle that closes the clause to its separable verb', () => {
    const resolved = inText('Ich hole dich ab.');
    expect(resolved[1]).toEqual({ key: 'abholen|verb', alternatives: [], separable: true });
    expect(resolved[3]).toEqual({ key: 'abholen|verb', alternatives: [], separable: true });
  });
  it('takes the case as written for a pronoun inside a sentence', () => {
    expect(inText('Kommen Sie herein.')[1]?.key).toBe('Sie|pronoun');
    expect(inText('Dann kommt sie.')[2]?.key).toBe('sie|pronoun');
  });
  it('names a capitalised word without an entry that the names list knows', () => {
    const resolved = inText('Dann sieht Greta Tom.', { Greta: 'person' });
    expect(resolved[2]).toEqual({ key: null, alternatives: [], name: 'person' });
    expect(resolved[3]).toEqual({ key: null, alternatives: [] });
  });
});
