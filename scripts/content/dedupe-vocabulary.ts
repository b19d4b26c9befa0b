// Removes repeated (word, part of speech) entries across the vocabulary files, keeping one:
// an entry of a core file (nouns-*, words-*) before one of a story file (story-*), both before
// one added with later stories (more-*), and among those the one of the lowest level. Prints what it removed. Run after adding vocabulary from
// several writers: `npx tsx scripts/content/dedupe-vocabulary.ts`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LEVELS, type VocabularyEntry, vocabularyKey } from '@lesefuchs/core';
import { CONTENT_DIR } from '../../apps/server/src/content/corpus.ts';

const dir = path.join(CONTENT_DIR, 'vocabulary');
const files = readdirSync(dir).filter((file) => file.endsWith('.json') && file !== 'forms.json');
const contents = new Map(
  files.map((file) => [
    file,
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as VocabularyEntry[],
  ]),
);

const rank = (file: string, entry: VocabularyEntry) =>
  (file.startsWith('more-') ? 20 : file.startsWith('story-') ? 10 : 0) +
  LEVELS.indexOf(entry.difficulty_level);

const keeper = new Map<string, { file: string; entry: VocabularyEntry }>();
for (const [file, entries] of contents) {
  for (const entry of entries) {
    const key = vocabularyKey(entry);
    const current = keeper.get(key);
    if (!current || rank(file, entry) < rank(current.file, current.entry))
      keeper.set(key, { file, entry });
  }
}

let removed = 0;
for (const [file, entries] of contents) {
  const kept = entries.filter((entry) => keeper.get(vocabularyKey(entry))?.entry === entry);
  if (kept.length === entries.length) continue;
  for (const entry of entries) {
    if (!kept.includes(entry))
      console.log(
        `${file}: removed ${entry.word} (${entry.part_of_speech}), kept in ${keeper.get(vocabularyKey(entry))?.file}`,
      );
  }
  removed += entries.length - kept.length;
  writeFileSync(path.join(dir, file), `${JSON.stringify(kept, null, 2)}\n`);
}
console.log(`${removed} repeated entries removed`);
