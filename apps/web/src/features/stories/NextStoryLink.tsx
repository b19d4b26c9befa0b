import type { Level } from '@lesefuchs/core/content/taxonomy';
import { ArrowRight } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lastRead } from '../home/selection';
import { nextStoryAfter } from './next-story';
import { useReadingList } from './reading-lists';
import { useStories } from './stories-api';
import { useReaderPreferences } from './use-reader-preferences';
import '../../texts/reader';

/**
 * The next story at the learner's level (issue #19), as a link: after the story just finished,
 * or, at the end of a flashcard session or a quiz game, after the story read last. When every
 * story there is read, the way to the list — unless the screen has that link already
 * (`listWhenAllRead` false), then nothing.
 */
export function NextStoryLink({
  after,
  variant = 'primary',
  listWhenAllRead = true,
  skip,
  className = '',
}: {
  /** The story just finished; none: the one the learner read last. */
  after?: { id: number; difficulty: Level };
  variant?: 'primary' | 'secondary';
  listWhenAllRead?: boolean;
  /** A story offered beside this link already (the next part of a series): not offered twice. */
  skip?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const stories = useStories();
  const completions = useReadingList('completions');
  const levels = useReaderPreferences().storyDifficulty;
  const next = useMemo(() => {
    const all = stories.data ?? [];
    const readIds = new Set(completions.entries.map((entry) => entry.storyId));
    if (skip !== undefined) readIds.add(skip);
    const current = after ?? lastRead(all, completions.entries)?.story ?? null;
    return nextStoryAfter(all, current, readIds, levels);
  }, [stories.data, completions.entries, after, levels, skip]);
  const classes = `button-${variant} ${className}`.trim();
  if (!next) {
    if (!listWhenAllRead || !stories.data) return null;
    return (
      <Link to="/stories" className={classes}>
        {t('reader.end.allRead')}
        <ArrowRight aria-hidden size={16} />
      </Link>
    );
  }
  return (
    <Link to={`/stories/${next.id}`} className={classes} data-testid="next-story">
      <span>
        {t('reader.end.next', { level: next.difficulty })}{' '}
        <span lang="de">{next.titleDe || next.titleEn}</span>
      </span>
      <ArrowRight aria-hidden size={16} />
    </Link>
  );
}
