import type { StorySeries } from '@lesefuchs/core/content/series';
import { useTranslation } from 'react-i18next';
import '../../texts/stories';

/**
 * A story's place in its series (issue #22): "Part 2 of 4 · <series title>", on the story card
 * and above the story's title in the reader. Nothing for a story outside a series.
 */
export function SeriesLine({ series }: { series: StorySeries | null | undefined }) {
  const { t } = useTranslation();
  if (!series) return null;
  return (
    <p
      className="font-medium text-orange-800 text-sm dark:text-orange-300"
      data-testid="story-series"
    >
      {t('stories.series.part', { part: series.part, total: series.total })}
      {' · '}
      <span lang="de">{series.title.de}</span>
    </p>
  );
}
