import type { AudioSpeed } from '@lesefuchs/core/audio/audio';
import { FileText, Headphones, Loader2, Lock, Pause, Play, Square } from 'lucide-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, currentLocale } from '../../lib/i18n';
import { formatSpeed } from '../audio/AudioChoices';
import { AudioErrorMessage } from '../audio/AudioErrorMessage';
import type { AudioError, PlayerState } from '../audio/types';
import { CategoryBadge, LevelBadge } from '../stories/StoryCard';
import { type StoryMeta, titleIn } from '../stories/stories-api';
import '../../texts/audio';
import '../../texts/audioList';

/** The German title a story is named by in the list, its controls and its text. */
export const germanTitle = (story: Pick<StoryMeta, 'titleDe' | 'titleEn'>) =>
  story.titleDe || story.titleEn;

/**
 * Play, pause or loading for one story: the item's main control, and the text modal's.
 * `state` is the player's state when this story is on, else null.
 */
export function PlayPauseButton({
  story,
  state,
  onToggle,
  className = '',
}: {
  story: StoryMeta;
  state: PlayerState | null;
  onToggle: (story: StoryMeta, starting: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const title = germanTitle(story);
  const status = state?.status ?? 'idle';
  const label =
    status === 'playing'
      ? t('audioList.item.pause', { title })
      : status === 'loading'
        ? t('audioList.item.loading', { title })
        : t('audioList.item.play', { title });
  return (
    <button
      type="button"
      onClick={() => onToggle(story, status === 'idle' || status === 'paused')}
      aria-label={label}
      title={label}
      aria-busy={status === 'loading'}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 dark:bg-orange-500 dark:text-stone-950 dark:hover:bg-orange-400 ${className}`}
    >
      {status === 'playing' ? (
        <Pause aria-hidden size={22} />
      ) : status === 'loading' ? (
        <Loader2 aria-hidden size={22} className="animate-spin" />
      ) : (
        <Play aria-hidden size={22} className="translate-x-px" />
      )}
    </button>
  );
}

interface AudioListItemProps {
  story: StoryMeta;
  /** The player's state while this story is loading, playing or paused; otherwise null. */
  state: PlayerState | null;
  /** The error of this story's last play, shown beside it. */
  error: AudioError | null;
  /** The speed this story plays at: its own choice, else the learner's setting. */
  speed: AudioSpeed;
  isPremium: boolean;
  listened: boolean;
  plays: number;
  onToggle: (story: StoryMeta, starting: boolean) => void;
  onStop: () => void;
  onCycleSpeed: (story: StoryMeta, on: boolean) => void;
  onShowText: (story: StoryMeta) => void;
}

/**
 * One story of the audio list (spec 2 §2): title, badges, play/pause, stop, the premium speed
 * toggle, show-text, the listened badge and, while on, the progress. Memoised: the player
 * changes many times a second and only the item that is on gets a new `state`.
 */
export const AudioListItem = memo(function AudioListItem({
  story,
  state,
  error,
  speed,
  isPremium,
  listened,
  plays,
  onToggle,
  onStop,
  onCycleSpeed,
  onShowText,
}: AudioListItemProps) {
  const { t } = useTranslation();
  const id = useId();
  const title = germanTitle(story);
  const language = currentLanguage();
  const nativeTitle = titleIn(story, language);
  const speedText = t('audioList.speedValue', { speed: formatSpeed(speed) });
  const premiumHint = t('audio.premiumOnly');
  return (
    <article
      aria-labelledby={`${id}-title`}
      data-testid="audio-item"
      data-story-id={story.id}
      className={`flex h-full flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm dark:bg-stone-900 ${state ? 'border-orange-400 dark:border-orange-500' : 'border-stone-200 dark:border-stone-800'}`}
    >
      <div className="flex items-start gap-3">
        <PlayPauseButton story={story} state={state} onToggle={onToggle} className="h-12 w-12" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={story.category} />
            <LevelBadge level={story.difficulty} />
            {listened && (
              <span
                data-testid="listened-badge"
                title={t('audioList.item.plays', { count: plays })}
                className="ml-auto inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs dark:bg-emerald-950 dark:text-emerald-200"
              >
                <Headphones aria-hidden size={14} />
                {t('audioList.item.listened')}
                {plays > 0 && (
                  <span className="sr-only">, {t('audioList.item.plays', { count: plays })}</span>
                )}
              </span>
            )}
          </div>
          <h2 id={`${id}-title`} className="mt-1 font-semibold text-lg leading-snug" lang="de">
            {title}
          </h2>
          {nativeTitle && nativeTitle !== title && (
            <p className="text-sm text-stone-500 dark:text-stone-400">{nativeTitle}</p>
          )}
        </div>
      </div>

      {state && <Progress title={title} state={state} />}

      <div className="mt-auto flex flex-wrap items-center gap-2">
        <button
          type="button"
          className="button-secondary px-3 disabled:cursor-not-allowed disabled:opacity-50"
          onClick={onStop}
          disabled={!state}
          aria-label={t('audioList.item.stop', { title })}
          title={t('audioList.item.stop', { title })}
        >
          <Square aria-hidden size={14} fill="currentColor" />
        </button>
        <button
          type="button"
          className="button-secondary min-w-16 px-3 tabular-nums disabled:cursor-not-allowed disabled:opacity-50"
          onClick={() => onCycleSpeed(story, state !== null)}
          disabled={!isPremium}
          aria-disabled={!isPremium}
          aria-label={t('audioList.item.speed', { title, speed: speedText })}
          aria-describedby={isPremium ? undefined : `${id}-premium`}
          title={isPremium ? undefined : premiumHint}
        >
          {speedText}
        </button>
        {!isPremium && (
          <span
            id={`${id}-premium`}
            title={premiumHint}
            className="inline-flex items-center gap-1 text-stone-500 text-xs dark:text-stone-400"
          >
            <Lock aria-hidden size={12} />
            {t('audioList.premium')}
            <span className="sr-only">: {premiumHint}</span>
          </span>
        )}
        <button
          type="button"
          className="button-secondary ml-auto"
          onClick={() => onShowText(story)}
          aria-label={t('audioList.item.showText', { title })}
        >
          <FileText aria-hidden size={16} />
          {t('audioList.item.text')}
        </button>
      </div>

      <AudioErrorMessage error={error} />
    </article>
  );
});

/** A thin bar of how far the story has played; without a known length it only says it plays. */
function Progress({ title, state }: { title: string; state: PlayerState }) {
  const { t } = useTranslation();
  const known = Number.isFinite(state.duration) && state.duration > 0;
  const percent = known ? Math.min(100, Math.round((state.currentTime / state.duration) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={t('audioList.item.progress', { title })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? percent : undefined}
      className="h-1.5 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
    >
      <div
        className={`h-full rounded-full bg-orange-600 dark:bg-orange-400 ${known ? '' : 'w-1/3 animate-pulse'}`}
        style={known ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}
