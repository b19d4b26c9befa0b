import type { AudioSpeed } from '@lesefuchs/core/audio/audio';
import { LEVELS, type Level } from '@lesefuchs/core/content/taxonomy';
import { Lock, RotateCcw, Search, SlidersHorizontal } from 'lucide-react';
import { type Dispatch, type SetStateAction, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../components/Chip';
import { AudioChoices } from '../audio/AudioChoices';
import type { AudioSettings } from '../audio/audio-settings';
import {
  AUDIO_SORTS,
  type AudioListFilters,
  type AudioSort,
  DIFFICULTIES,
  type Difficulty,
  toggleLevel,
} from './audio-list-filters';
import '../../texts/audio';
import '../../texts/audioList';

/**
 * The audio list's filters (spec 2 §2): search, the learner's speed and voice (premium ones
 * disabled with the reason), the saved level chips, difficulty, sort, open-text-on-play and a
 * reset. On a phone the rarer ones fold away, so the stories start on the first screen.
 */
export function AudioListFilterPanel({
  filters,
  onFilters,
  levels,
  onLevels,
  settings,
  onSpeed,
  onReset,
}: {
  filters: Omit<AudioListFilters, 'levels'>;
  onFilters: Dispatch<SetStateAction<Omit<AudioListFilters, 'levels'>>>;
  levels: Level[] | 'All';
  onLevels: (levels: Level[] | 'All') => void;
  settings: AudioSettings;
  onSpeed: (speed: AudioSpeed) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const premiumHintId = useId();
  const moreFiltersId = useId();
  const [moreFilters, setMoreFilters] = useState(false);
  const { isPremium, voice, openTextOnPlay } = settings;
  return (
    <div
      role="group"
      aria-label={t('audioList.filters')}
      className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
    >
      <label className="relative block">
        <span className="sr-only">{t('audioList.search')}</span>
        <Search aria-hidden size={18} className="absolute top-2.5 left-3 text-stone-400" />
        <input
          type="search"
          value={filters.search}
          onChange={(event) => onFilters((f) => ({ ...f, search: event.target.value }))}
          placeholder={t('audioList.search')}
          className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 dark:border-stone-700 dark:bg-stone-950"
        />
      </label>

      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <AudioChoices
          speed={settings.speed}
          voice={voice}
          isPremium={isPremium}
          onSpeed={onSpeed}
          onVoice={settings.setVoice}
          describedBy={premiumHintId}
        />
      </div>
      {!isPremium && (
        <p
          id={premiumHintId}
          className="-mt-2 flex items-center gap-1.5 text-sm text-stone-500 dark:text-stone-400"
        >
          <Lock aria-hidden size={14} />
          {t('audio.premiumChoices')}
        </p>
      )}

      <button
        type="button"
        className="button-secondary self-start sm:hidden"
        aria-expanded={moreFilters}
        aria-controls={moreFiltersId}
        onClick={() => setMoreFilters((open) => !open)}
      >
        <SlidersHorizontal aria-hidden size={16} />
        {t(moreFilters ? 'audioList.fewerFilters' : 'audioList.moreFilters')}
      </button>
      <div
        id={moreFiltersId}
        className={`${moreFilters ? 'flex' : 'hidden'} flex-col gap-4 sm:flex`}
      >
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mb-1 font-medium text-sm">{t('audioList.levels')}</legend>
          {LEVELS.map((level) => (
            <Chip
              key={level}
              pressed={levels !== 'All' && levels.includes(level)}
              onClick={() => onLevels(toggleLevel(levels, level))}
            >
              {level}
            </Chip>
          ))}
        </fieldset>

        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <label className="flex items-center gap-2 text-sm">
            {t('audioList.difficulty')}
            <select
              value={filters.difficulty}
              onChange={(event) =>
                onFilters((f) => ({ ...f, difficulty: event.target.value as Difficulty }))
              }
              className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950"
            >
              {DIFFICULTIES.map((difficulty) => (
                <option key={difficulty} value={difficulty}>
                  {t(`audioList.difficulties.${difficulty}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            {t('audioList.sort')}
            <select
              value={filters.sort}
              onChange={(event) =>
                onFilters((f) => ({ ...f, sort: event.target.value as AudioSort }))
              }
              className="rounded-md border border-stone-300 bg-white px-2 py-1 dark:border-stone-700 dark:bg-stone-950"
            >
              {AUDIO_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`audioList.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={openTextOnPlay}
              onChange={(event) => settings.setOpenTextOnPlay(event.target.checked)}
              className="h-4 w-4 accent-orange-600"
            />
            {t('audioList.openTextOnPlay')}
          </label>
          <button type="button" className="button-secondary ml-auto" onClick={onReset}>
            <RotateCcw aria-hidden size={16} />
            {t('audioList.reset')}
          </button>
        </div>
      </div>
    </div>
  );
}
