import { ARTICLE_OF, type Gender } from '@lesefuchs/core/content/taxonomy';

/** der/die/das coloured by gender, then the word without its article. */
export function EntryWord({
  entry,
  className = 'font-semibold',
}: {
  entry: { word: string; gender: Gender | null };
  className?: string;
}) {
  const article = entry.gender ? ARTICLE_OF[entry.gender] : null;
  const word = article ? entry.word.replace(/^(der|die|das)\s+/, '') : entry.word;
  return (
    <span lang="de">
      {article && <span className={`article article-${entry.gender}`}>{article} </span>}
      <span className={className}>{word}</span>
    </span>
  );
}
