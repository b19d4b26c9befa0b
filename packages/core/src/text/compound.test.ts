import { describe, expect, it } from 'vitest';
import { splitCompound } from './compound.ts';
import type { FormsTable } from './resolve.ts';

const forms: FormsTable = {
  bahnhof: [{ key: 'der Bahnhof|noun' }],
  uhr: [{ key: 'die Uhr|noun' }],
  kinder: [{ key: 'das Kind|noun' }],
  kind: [{ key: 'das Kind|noun' }],
  garten: [{ key: 'der Garten|noun' }],
  schule: [{ key: 'die Schule|noun' }],
  weg: [{ key: 'der Weg|noun' }],
  fahren: [{ key: 'fahren|verb' }],
  fahr: [{ key: 'fahren|verb' }],
  karte: [{ key: 'die Karte|noun' }],
  haus: [{ key: 'das Haus|noun' }],
  tür: [{ key: 'die Tür|noun' }],
};

describe('splitCompound', () => {
  it('splits two known nouns, with or without a linking element', () => {
    expect(splitCompound('Bahnhofsuhr', forms)).toEqual(['der Bahnhof|noun', 'die Uhr|noun']);
    expect(splitCompound('Kindergarten', forms)).toEqual(['das Kind|noun', 'der Garten|noun']);
    expect(splitCompound('Haustür', forms)).toEqual(['das Haus|noun', 'die Tür|noun']);
  });

  it('takes a verb stem as the first part and splits three parts', () => {
    expect(splitCompound('Fahrkarte', forms)).toEqual(['fahren|verb', 'die Karte|noun']);
    expect(splitCompound('Schulwegkarte', forms)).toEqual([
      'die Schule|noun',
      'der Weg|noun',
      'die Karte|noun',
    ]);
  });

  it('gives null for words not made of known words, and for short ones', () => {
    expect(splitCompound('Zwetschgendatschi', forms)).toBeNull();
    expect(splitCompound('Uhr', forms)).toBeNull();
  });
});
