import { type AudioSpeed, nextAudioSpeed } from '@lesefuchs/core/audio/audio';
import type { Level } from '@lesefuchs/core/content/taxonomy';
import { Headphones, RotateCcw } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { useAudioSettings } from '../audio/audio-settings';
import { useListenedAudio } from '../audio/listens';
import { playRequestFor } from '../audio/play-request';
import { audioPlayer, isPlayerOn, useAudioPlayer } from '../audio/player';
import type { StoryMeta } from '../stories/stories-api';
import { useStories } from '../stories/stories-api';
import { AudioListFilterPanel } from './AudioListFilterPanel';
import { AudioListItem } from './AudioListItem';
import { AudioTextModal } from './AudioTextModal';
import {
  type AudioListFilters,
  applyAudioFilters,
  DEFAULT_AUDIO_FILTERS,
  storiesWithAudio,
} from './audio-list-filters';
import '../../texts/audioList';
import '../../texts/stories';

/**
 * A value that stays as it was while `hold` is true and follows again once it is false (the
 * "adjust state while rendering" pattern, so no effect runs a render late).
 */
function useHeldWhile<T>(hold: boolean, value: T): T {
  const [held, setHeld] = useState(value);
  if (!hold && held !== value) setHeld(value);
  return hold ? held : value;
}

/** /stories/audios: the stories with German audio, their player controls and text (spec 2 §2). */
export function AudioListScreen() {
  const { t } = useTranslation();
  const stories = useStories();
  const settings = useAudioSettings();
  const player = useAudioPlayer();
  const listens = useListenedAudio();

  // The level chips persist as the learner's default; the rest lasts for this visit.
  const [levels, setLevels] = useState<Level[] | 'All' | null>(null);
  const [filters, setFilters] = useState<Omit<AudioListFilters, 'levels'>>(DEFAULT_AUDIO_FILTERS);
  const effectiveLevels = levels ?? settings.defaultLevel;
  const [itemSpeeds, setItemSpeeds] = useState<Record<number, AudioSpeed>>({});
  const [textStory, setTextStory] = useState<StoryMeta | null>(null);

  const withAudio = useMemo(() => storiesWithAudio(stories.data ?? []), [stories.data]);
  const listenedKey = withAudio
    .filter((story) => listens.isListened(story.id))
    .map((story) => story.id)
    .join(',');
  // Listened stories sort last, but not under the learner's finger: while anything is loading,
  // playing or paused the order keeps the listens known before, and re-sorts once it stops.
  const orderKey = useHeldWhile(player.status !== 'idle', listenedKey);
  const shown = useMemo(
    () =>
      applyAudioFilters(
        withAudio,
        { ...filters, levels: effectiveLevels },
        {
          listened: new Set(orderKey ? orderKey.split(',').map(Number) : []),
          categoryName: (category) => t(`stories.categories.${category}`),
        },
      ),
    [withAudio, filters, effectiveLevels, orderKey, t],
  );

  const { isPremium, voice, openTextOnPlay } = settings;
  const speedOf = useCallback(
    (storyId: number): AudioSpeed =>
      (isPremium ? itemSpeeds[storyId] : undefined) ?? settings.speed,
    [isPremium, itemSpeeds, settings.speed],
  );

  const onToggle = useCallback(
    (story: StoryMeta, starting: boolean) => {
      if (starting && openTextOnPlay) setTextStory(story);
      audioPlayer.toggle(playRequestFor(story, { voice, speed: Number(speedOf(story.id)) }));
    },
    [openTextOnPlay, voice, speedOf],
  );
  const onStop = useCallback(() => audioPlayer.stop(), []);
  const onCycleSpeed = useCallback(
    (story: StoryMeta, on: boolean) => {
      if (!isPremium) return;
      const next = nextAudioSpeed(speedOf(story.id));
      setItemSpeeds((previous) => ({ ...previous, [story.id]: next }));
      // What plays (or is paused) takes it at once; otherwise the story's next play does.
      if (on) audioPlayer.setSpeed(Number(next));
    },
    [isPremium, speedOf],
  );
  const onShowText = useCallback((story: StoryMeta) => setTextStory(story), []);
  const onCloseText = useCallback(() => setTextStory(null), []);

  const chooseSpeed = (speed: AudioSpeed) => {
    settings.setSpeed(speed);
    // What plays now follows the setting unless the story has a speed of its own.
    if (player.status !== 'idle' && player.storyId !== null && !itemSpeeds[player.storyId]) {
      audioPlayer.setSpeed(Number(speed));
    }
  };
  const chooseLevels = (next: Level[] | 'All') => {
    setLevels(next);
    settings.setDefaultLevel(next);
  };
  const reset = () => {
    setFilters(DEFAULT_AUDIO_FILTERS);
    chooseLevels('All');
  };

  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div>
        <h1 id="page-title" className="page-title">
          {t('audioList.title')}
        </h1>
        <p className="text-stone-600 dark:text-stone-300">{t('audioList.subtitle')}</p>
      </div>

      <AudioListFilterPanel
        filters={filters}
        onFilters={setFilters}
        levels={effectiveLevels}
        onLevels={chooseLevels}
        settings={settings}
        onSpeed={chooseSpeed}
        onReset={reset}
      />

      {stories.isPending ? (
        <div aria-busy="true" className="grid gap-4 lg:grid-cols-2">
          <span role="status" className="sr-only">
            {t('audioList.loading')}
          </span>
          {['a', 'b', 'c', 'd'].map((key) => (
            <div
              key={key}
              className="h-40 animate-pulse rounded-2xl bg-stone-100 dark:bg-stone-800"
            />
          ))}
        </div>
      ) : stories.isError && !stories.data ? (
        <LoadError
          message={t('audioList.error')}
          retryLabel={t('audioList.tryAgain')}
          onRetry={() => void stories.refetch()}
        />
      ) : withAudio.length === 0 ? (
        <EmptyState>{t('audioList.noAudio')}</EmptyState>
      ) : (
        <>
          <p
            data-testid="audio-count"
            aria-live="polite"
            className="text-sm text-stone-600 dark:text-stone-300"
          >
            {t('audioList.count', { shown: shown.length, total: withAudio.length })}
          </p>
          {shown.length === 0 ? (
            <EmptyState>
              <p>{t('audioList.noMatch')}</p>
              <button type="button" className="button-secondary" onClick={reset}>
                <RotateCcw aria-hidden size={16} />
                {t('audioList.reset')}
              </button>
            </EmptyState>
          ) : (
            <ul aria-label={t('audioList.list')} className="grid gap-4 lg:grid-cols-2">
              {shown.map((story) => {
                const on = isPlayerOn(player, story.id);
                // An error names the story it belongs to and shows beside it.
                const failed = player.error?.storyId === story.id;
                return (
                  <li key={story.id}>
                    <AudioListItem
                      story={story}
                      state={on ? player : null}
                      error={failed ? player.error : null}
                      speed={speedOf(story.id)}
                      isPremium={isPremium}
                      listened={listens.isListened(story.id)}
                      plays={listens.plays(story.id)}
                      onToggle={onToggle}
                      onStop={onStop}
                      onCycleSpeed={onCycleSpeed}
                      onShowText={onShowText}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}

      {textStory && (
        <AudioTextModal
          key={textStory.id}
          story={textStory}
          onClose={onCloseText}
          onToggle={onToggle}
        />
      )}
    </section>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-stone-300 border-dashed p-6 text-center text-stone-600 dark:border-stone-700 dark:text-stone-300">
      <Headphones aria-hidden size={28} className="text-orange-700 dark:text-orange-300" />
      {children}
    </div>
  );
}
