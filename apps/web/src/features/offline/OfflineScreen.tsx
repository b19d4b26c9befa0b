import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { HardDriveDownload, Trash2, WifiOff } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModalDialog } from '../../components/ModalDialog';
import { currentLocale } from '../../lib/i18n';
import { useOnline, useRetryWhenOnline } from '../../lib/online';
import { useAudioSettings } from '../audio/audio-settings';
import { LevelBadge } from '../stories/StoryCard';
import { useStories } from '../stories/stories-api';
import {
  formatBytes,
  type OfflineStory,
  type SaveProgress,
  useOfflineLibrary,
  useRemoveOffline,
  useSaveOffline,
} from './offline-library';
import { totalBytesToSave, useStorySizes } from './story-sizes';
import '../../texts/offline';

/**
 * /stories/offline: what this device keeps for reading without a connection — each level with
 * a "Save level" (its stories and their audio, with progress), and every stored story with its
 * size and a way to remove it.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const locale = currentLocale();
  const stories = useStories();
  useRetryWhenOnline(stories.isError, stories.refetch);
  const library = useOfflineLibrary();
  const sizes = useStorySizes();
  const { voice } = useAudioSettings();
  const saving = useSaveOffline(voice);
  const remove = useRemoveOffline();
  const [savingLevel, setSavingLevel] = useState<Level | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const stored = library.data?.stories ?? [];
  const kept = useMemo(
    () => new Set(stored.filter((story) => story.kept).map((story) => story.id)),
    [stored],
  );
  const byLevel = useMemo(() => {
    const map = new Map<Level, number[]>();
    for (const story of stories.data ?? []) {
      map.set(story.difficulty, [...(map.get(story.difficulty) ?? []), story.id]);
    }
    return map;
  }, [stories.data]);

  const saveLevel = async (level: Level) => {
    const ids = (byLevel.get(level) ?? []).filter((id) => !kept.has(id));
    setSavingLevel(level);
    setAnnouncement('');
    const result = await saving.save(ids);
    setSavingLevel(null);
    setAnnouncement(
      result.failed > 0
        ? t('offline.levelPartly', {
            level,
            count: result.done - result.failed,
            failed: result.failed,
          })
        : t('offline.levelSaved', { level, count: result.done }),
    );
  };

  const removeStory = async (story: OfflineStory) => {
    await remove([story.id]);
    setAnnouncement(t('offline.removed', { title: story.titleDe }));
  };

  const removeAll = async () => {
    await remove('all');
    setAnnouncement(t('offline.removedAll'));
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 py-6"
    >
      <div className="flex flex-col gap-2">
        <h1 id="page-title" className="page-title">
          {t('offline.title')}
        </h1>
        <p className="text-stone-700 dark:text-stone-300">{t('offline.intro')}</p>
        {!online && (
          <p
            className="inline-flex items-center gap-2 text-sm text-stone-600 dark:text-stone-300"
            data-testid="offline-screen-offline"
          >
            <WifiOff aria-hidden size={16} className="shrink-0" />
            {t('offline.savingNeedsNetwork')}
          </p>
        )}
      </div>

      {library.data && (
        <p className="text-sm text-stone-600 dark:text-stone-300" data-testid="offline-usage">
          {t('offline.usage', {
            count: stored.length,
            stories: formatBytes(library.data.storyBytes, locale),
            audio: formatBytes(library.data.audioBytes, locale),
            limit: formatBytes(library.data.audioLimitBytes, locale),
          })}
        </p>
      )}

      <section aria-labelledby="offline-levels" className="flex flex-col gap-3">
        <h2 id="offline-levels" className="font-semibold text-lg">
          {t('offline.levels')}
        </h2>
        {!stories.data && (
          <p className="text-sm text-stone-600 dark:text-stone-300" role="status">
            {stories.isPending && online ? t('status.loading') : t('offline.levelsUnavailable')}
          </p>
        )}
        <ul className="grid gap-2 sm:grid-cols-2">
          {stories.data &&
            LEVELS.map((level) => {
              const ids = byLevel.get(level) ?? [];
              if (ids.length === 0) return null;
              const savedCount = ids.filter((id) => kept.has(id)).length;
              const all = savedCount === ids.length;
              const busy = savingLevel === level && saving.progress;
              const left = totalBytesToSave(
                sizes.data,
                ids.filter((id) => !kept.has(id)),
                voice,
              );
              return (
                <li
                  key={level}
                  className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
                  data-testid={`offline-level-${level}`}
                >
                  <div className="flex items-center gap-2">
                    <LevelBadge level={level} />
                    <span className="flex flex-col text-sm">
                      {t('offline.levelCount', { count: ids.length, saved: savedCount })}
                      {!all && left !== null && (
                        <span
                          className="text-stone-600 text-xs dark:text-stone-300"
                          data-testid="offline-level-size"
                        >
                          {t('offline.levelSize', { size: formatBytes(left, locale) })}
                        </span>
                      )}
                    </span>
                    <button
                      type="button"
                      className="button-secondary ml-auto shrink-0 text-sm"
                      disabled={all || !online || saving.saving}
                      onClick={() => void saveLevel(level)}
                    >
                      {all ? t('offline.levelAllSaved') : t('offline.saveLevel')}
                    </button>
                  </div>
                  {busy && <LevelProgress progress={busy} onCancel={saving.cancel} />}
                </li>
              );
            })}
        </ul>
      </section>

      <section aria-labelledby="offline-stored" className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 id="offline-stored" className="font-semibold text-lg">
            {t('offline.stored')}
          </h2>
          {stored.length > 0 && (
            <RemoveAllButton count={stored.length} onConfirm={() => void removeAll()} />
          )}
        </div>
        {library.data && stored.length === 0 && (
          <p className="text-stone-600 dark:text-stone-300" data-testid="offline-empty">
            {t('offline.empty')}
          </p>
        )}
        <ul className="flex flex-col gap-2" data-testid="offline-stories">
          {stored.map((story) => (
            <li
              key={story.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900"
              data-testid="offline-story"
            >
              <LevelBadge level={story.difficulty} />
              <Link to={`/stories/${story.id}`} className="text-link font-medium" lang="de">
                {story.titleDe}
              </Link>
              <span className="text-stone-600 text-xs dark:text-stone-300">
                {story.kept ? (
                  <span className="inline-flex items-center gap-1">
                    <HardDriveDownload aria-hidden size={12} />
                    {t('offline.kept')}
                  </span>
                ) : (
                  t('offline.opened')
                )}
                {' · '}
                {formatBytes(story.bytes + story.audioBytes, locale)}
              </span>
              <button
                type="button"
                className="ml-auto rounded-full p-2 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
                aria-label={t('offline.removeStory', { title: story.titleDe })}
                onClick={() => void removeStory(story)}
              >
                <Trash2 aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      </section>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** A level's progress while it is saved: stories and, when the sizes are known, bytes. */
function LevelProgress({ progress, onCancel }: { progress: SaveProgress; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const stories = t('offline.progress', { done: progress.done, total: progress.total });
  const label = progress.bytes
    ? t('offline.progressBytes', {
        stories,
        done: formatBytes(progress.bytes.done, locale),
        total: formatBytes(progress.bytes.total, locale),
      })
    : stories;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <progress
        className="h-2 min-w-24 flex-1 accent-orange-600"
        max={progress.bytes?.total ?? progress.total}
        value={progress.bytes?.done ?? progress.done}
        aria-label={label}
      />
      <span className="text-xs tabular-nums">{label}</span>
      <button type="button" className="text-link text-xs" onClick={onCancel}>
        {t('offline.cancel')}
      </button>
    </div>
  );
}

/** "Remove all", asked again in a dialog first: it takes every story and file off the device. */
function RemoveAllButton({ count, onConfirm }: { count: number; onConfirm: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="text-link ml-auto text-sm"
        onClick={() => dialog.current?.showModal()}
      >
        {t('offline.removeAll')}
      </button>
      <ModalDialog
        ref={dialog}
        title={t('offline.removeAllTitle')}
        description={t('offline.removeAllBody', { count })}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="button-secondary"
            onClick={() => dialog.current?.close()}
          >
            {t('offline.cancel')}
          </button>
          <button
            type="button"
            className="button-danger"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {t('offline.removeAllConfirm')}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
