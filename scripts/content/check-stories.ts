// Checks stories while they are written, before the full content test: length for the level,
// paragraphs in all four languages, sentence ends, target words, and every German word that
// resolves to no vocabulary entry and no name (what to add to the vocabulary or names.json).
// The forms table is built in memory from the vocabulary as it is now.
// `npx tsx scripts/content/check-stories.ts [ids…]` (all stories without ids).
import { countWords, resolveText, splitSentences, tokenizeWords } from '@lesefuchs/core';
import { loadNames, loadStories, loadVocabulary } from '../../apps/server/src/content/corpus.ts';
import { buildForms } from './build-forms.ts';
import {
  candidateKeys,
  occursLiterally,
  paragraphCount,
  SENTENCE_END,
  WORDS_PER_LEVEL,
} from './story-checks.ts';

const ids = new Set(process.argv.slice(2).map(Number));
const vocabulary = loadVocabulary().map((loaded) => loaded.value);
const forms = buildForms(vocabulary);
const names = loadNames();
const byWord = new Map<string, typeof vocabulary>();
for (const entry of vocabulary) byWord.set(entry.word, [...(byWord.get(entry.word) ?? []), entry]);

let failures = 0;
let total = 0;
let resolvedTotal = 0;
for (const { file, value: story } of loadStories()) {
  if (ids.size > 0 && !ids.has(story.id)) continue;
  const problems: string[] = [];
  const words = countWords(story.content.de);
  const [min, max] = WORDS_PER_LEVEL[story.difficulty];
  if (words < min || words > max)
    problems.push(`${words} German words, ${story.difficulty} wants ${min}–${max}`);
  for (const language of ['en', 'es', 'kr'] as const) {
    if (paragraphCount(story.content[language]) !== paragraphCount(story.content.de))
      problems.push(
        `${language} has ${paragraphCount(story.content[language])} paragraphs, de ${paragraphCount(story.content.de)}`,
      );
  }
  for (const sentence of splitSentences(story.content.de)) {
    if (!SENTENCE_END.test(sentence.text))
      problems.push(`sentence without an end: "${sentence.text}"`);
  }
  const keys = candidateKeys(story.content.de, forms);
  for (const target of story.vocabulary_list) {
    const entries = byWord.get(target);
    if (!entries) problems.push(`target "${target}" is not in the vocabulary`);
    else if (
      !entries.some(
        (e) => keys.has(`${e.word}|${e.part_of_speech}`) || occursLiterally(e, story.content.de),
      )
    )
      problems.push(`target "${target}" does not occur in the German text`);
  }
  const tokens = tokenizeWords(story.content.de);
  const unresolved = new Map<string, number>();
  resolveText(tokens, forms, story.content.de, names).forEach((resolution, index) => {
    total += 1;
    if (resolution.key !== null || resolution.name) resolvedTotal += 1;
    else {
      const word = tokens[index]?.text ?? '';
      unresolved.set(word, (unresolved.get(word) ?? 0) + 1);
    }
  });
  const share = tokens.length
    ? 1 - [...unresolved.values()].reduce((a, b) => a + b, 0) / tokens.length
    : 1;
  if (problems.length > 0) failures += 1;
  console.log(
    `${file} (${story.difficulty}, ${story.category}, ${words} words, ${(share * 100).toFixed(1)} % resolved)`,
  );
  for (const problem of problems) console.log(`  PROBLEM ${problem}`);
  if (unresolved.size > 0)
    console.log(
      `  unresolved: ${[...unresolved].map(([w, n]) => (n > 1 ? `${w} ×${n}` : w)).join(', ')}`,
    );
}
console.log(
  `\n${resolvedTotal} of ${total} words resolve (${((resolvedTotal / Math.max(total, 1)) * 100).toFixed(1)} %); ${failures} stories with problems`,
);
process.exitCode = failures > 0 ? 1 : 0;
