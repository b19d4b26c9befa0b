// German as typed without a German keyboard: the spellings the vocabulary search and the form
// look-up treat as the same word.

/** Accents removed (über → uber, está → esta); Korean syllables stay whole. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/** ß as ss and accents removed: straße → strasse, müde → mude. */
export const foldSpelling = (text: string) => foldAccents(text.replace(/ß/g, 'ss'));

const WRITTEN_OUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Umlauts and ß written out, as without a German keyboard: müde → muede, Straße → strasse. */
export const writeOutUmlauts = (text: string) =>
  foldAccents(text.replace(/[äöüß]/g, (letter) => WRITTEN_OUT[letter] ?? letter));
