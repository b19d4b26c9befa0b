import { describe, expect, it } from 'vitest';
import { type FormsTable, resolveTokens } from './resolve.ts';
import { tokenizeWords } from './tokenize.ts';

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
};

const resolve = (text: string) => resolveTokens(tokenizeWords(text), forms);

describe('resolveTokens', () => {
  it('finds the lemma of a strong past form', () => {
    expect(resolve('Sie ging.')).toEqual([null, 'gehen|verb']);
  });
  it('chooses the separable verb when its particle follows in the same sentence', () => {
    expect(resolve('Der Zug kommt um acht an.')).toEqual([
      null,
      'der Zug|noun',
      'ankommen|verb',
      null,
      null,
      'an|preposition',
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
