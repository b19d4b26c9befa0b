import type { StoryToken } from './story-token.ts';

// How much of a story a learner knows, by lemma (vocabulary entry), not by written form: "ging",
// "gehst" and "gegangen" are all "gehen". Computed on the device from a compact list of each
// story's lemmas and the learner's known set, for every story card at once, so it has to be
// cheap: one set look-up per distinct lemma of a story.
//
// What counts: every word token of the German text except names (a name is not vocabulary to
// learn). A token resolved to an entry is known when that entry is; a compound without an entry
// of its own is known when all its parts are; the few tokens that resolve to nothing count and
// are never known. The new words of a story are its distinct lemmas (compound parts included)
// that the learner does not know.

/** A story's words as the server sends them for coverage: compact, ids delta-coded. */
export interface StoryLemmas {
  storyId: number;
  /** Distinct entry ids in ascending order, each as the difference from the one before. */
  lemmas: number[];
  /** The number of word tokens of each lemma, in the same order. */
  counts: number[];
  /** Compounds with no entry of their own: [token count, ...part entry ids]. */
  compounds: number[][];
  /** Word tokens that resolve to no entry and are no name. */
  unresolved: number;
}

/** A story's words ready for counting (decoded once, counted on every change of the known set). */
export interface StoryWords {
  storyId: number;
  ids: Int32Array;
  counts: Int32Array;
  compounds: readonly { count: number; parts: readonly number[] }[];
  /** Every counted word token. */
  total: number;
}

/** What a learner knows of one story. */
export interface Coverage {
  /** Word tokens the learner knows. */
  known: number;
  /** Word tokens counted (names left out). */
  total: number;
  /** Distinct lemmas of the story the learner does not know. */
  newWords: number;
}

/** Anything that answers whether an entry id is known (a Set of ids). */
export interface KnownLemmas {
  has(vocabularyId: number): boolean;
}

/** The compact lemma list of a story from its resolved tokens (the server's side). */
export function storyLemmasFromTokens(storyId: number, tokens: readonly StoryToken[]): StoryLemmas {
  const counts = new Map<number, number>();
  const compounds = new Map<string, number[]>();
  let unresolved = 0;
  for (const token of tokens) {
    if (token.vocabularyId !== null) {
      counts.set(token.vocabularyId, (counts.get(token.vocabularyId) ?? 0) + 1);
    } else if (token.parts && token.parts.length > 0) {
      const key = token.parts.join(',');
      const compound = compounds.get(key);
      if (compound) compound[0] = (compound[0] ?? 0) + 1;
      else compounds.set(key, [1, ...token.parts]);
    } else if (!token.name) {
      unresolved += 1;
    }
  }
  const ids = [...counts.keys()].sort((a, b) => a - b);
  let previous = 0;
  const lemmas = ids.map((id) => {
    const delta = id - previous;
    previous = id;
    return delta;
  });
  return {
    storyId,
    lemmas,
    counts: ids.map((id) => counts.get(id) ?? 0),
    compounds: [...compounds.values()],
    unresolved,
  };
}

/** Decodes the compact list (the device's side, once per list). */
export function decodeStoryLemmas(story: StoryLemmas): StoryWords {
  const length = Math.min(story.lemmas.length, story.counts.length);
  const ids = new Int32Array(length);
  const counts = new Int32Array(length);
  let id = 0;
  let total = story.unresolved;
  for (let index = 0; index < length; index += 1) {
    id += story.lemmas[index] ?? 0;
    ids[index] = id;
    const count = story.counts[index] ?? 0;
    counts[index] = count;
    total += count;
  }
  const compounds = story.compounds
    .filter((compound) => compound.length > 1)
    .map(([count = 0, ...parts]) => ({ count, parts }));
  for (const compound of compounds) total += compound.count;
  return { storyId: story.storyId, ids, counts, compounds, total };
}

/** How much of one story the learner knows. */
export function storyCoverage(story: StoryWords, known: KnownLemmas): Coverage {
  let knownTokens = 0;
  let newWords = 0;
  const { ids, counts } = story;
  for (let index = 0; index < ids.length; index += 1) {
    if (known.has(ids[index] as number)) knownTokens += counts[index] as number;
    else newWords += 1;
  }
  if (story.compounds.length > 0) {
    const counted = new Set<number>();
    for (const compound of story.compounds) {
      let all = true;
      for (const part of compound.parts) {
        if (known.has(part)) continue;
        all = false;
        // A part is a new word once, and not again when it is also a lemma of its own here.
        if (!counted.has(part) && !containsSorted(ids, part)) newWords += 1;
        counted.add(part);
      }
      if (all) knownTokens += compound.count;
    }
  }
  return { known: knownTokens, total: story.total, newWords };
}

function containsSorted(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = ids[middle] as number;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The coverage of every story, by story id. */
export function coverageOfStories(
  stories: readonly StoryWords[],
  known: KnownLemmas,
): Map<number, Coverage> {
  const result = new Map<number, Coverage>();
  for (const story of stories) result.set(story.storyId, storyCoverage(story, known));
  return result;
}

/**
 * The share known as a whole percent, rounded down, so that 100 % means every word is known
 * and a story at 89.9 % is not shown as 90 %. A story with no counted word is 0 %.
 */
export function coveragePercent(coverage: Pick<Coverage, 'known' | 'total'>): number {
  if (coverage.total <= 0) return 0;
  return Math.floor((coverage.known * 100) / coverage.total);
}

/** The band a story is best read in: most words known, a few new ones (90–98 %). */
export const COMFORTABLE_COVERAGE = { min: 90, max: 98 } as const;

/** Whether a story's coverage lies in the comfortable band. */
export function isComfortable(coverage: Pick<Coverage, 'known' | 'total'>): boolean {
  const percent = coveragePercent(coverage);
  return percent >= COMFORTABLE_COVERAGE.min && percent <= COMFORTABLE_COVERAGE.max;
}
