import { LEVELS, PARTS_OF_SPEECH } from '@lesefuchs/core/content/taxonomy';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { BookMarked, Database, LayoutGrid, List, RotateCcw, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Chip } from '../../components/Chip';
import {
  type DeckSelection,
  type DeckSource,
  type LevelCounts,
  type TypeFilter,
  typeKey,
} from './decks';
import '../../texts/vocabulary';

export type ViewMode = 'single' | 'grid';

const fieldClass =
  'rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-orange-600 dark:border-stone-700 dark:bg-stone-950';

/** The search box (debounced by the screen). */
export function SearchBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="relative block" data-tour="vocabulary-search">
      <span className="sr-only">{t('vocabulary.screen.search')}</span>
      <Search aria-hidden size={18} className="absolute top-2.5 left-3 text-stone-400" />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('vocabulary.screen.searchPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        className="w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-9 focus-visible:outline-2 focus-visible:outline-orange-600 dark:border-stone-700 dark:bg-stone-950"
      />
    </label>
  );
}

/** My list or the database, and the levels (with their counts): together the deck. */
export function DeckControl({
  deck,
  savedCount,
  databaseCount,
  counts,
  onSource,
  onToggleLevel,
  onAllLevels,
}: {
  deck: DeckSelection;
  savedCount: number;
  databaseCount: number | null;
  counts: LevelCounts;
  onSource: (source: DeckSource) => void;
  onToggleLevel: (level: (typeof LEVELS)[number]) => void;
  onAllLevels: () => void;
}) {
  const { t } = useTranslation();
  const sources: { source: DeckSource; icon: ReactNode; count: number | null }[] = [
    { source: 'saved', icon: <BookMarked aria-hidden size={16} />, count: savedCount },
    { source: 'database', icon: <Database aria-hidden size={16} />, count: databaseCount },
  ];
  return (
    <div className="flex flex-col gap-3" data-tour="vocabulary-decks">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 font-medium text-sm">{t('vocabulary.screen.deck')}</legend>
        {sources.map(({ source, icon, count }) => (
          <Chip key={source} pressed={deck.source === source} onClick={() => onSource(source)}>
            {icon}
            {t(`vocabulary.screen.decks.${source}`)}
            {count !== null && (
              <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums dark:bg-white/15">
                {count}
              </span>
            )}
          </Chip>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 font-medium text-sm">{t('vocabulary.screen.levels')}</legend>
        <Chip pressed={deck.levels.length === 0} onClick={onAllLevels}>
          {t('vocabulary.screen.allLevels')}
        </Chip>
        {LEVELS.map((level) => (
          <Chip
            key={level}
            pressed={deck.levels.includes(level)}
            onClick={() => onToggleLevel(level)}
            label={t('vocabulary.screen.levelChip', { level, n: counts[level] })}
          >
            {level}
            <span className="rounded-full bg-black/10 px-1.5 text-xs tabular-nums dark:bg-white/15">
              {counts[level]}
            </span>
          </Chip>
        ))}
      </fieldset>
    </div>
  );
}

/** Translation language, word type, view and reset. */
export function FilterRow({
  language,
  onLanguage,
  type,
  onType,
  view,
  onView,
  onReset,
}: {
  language: InterfaceLanguage;
  onLanguage: (language: InterfaceLanguage) => void;
  type: TypeFilter;
  onType: (type: TypeFilter) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('vocabulary.screen.language')}</span>
        <select
          value={language}
          onChange={(event) => onLanguage(event.target.value as InterfaceLanguage)}
          className={fieldClass}
        >
          {INTERFACE_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`vocabulary.screen.languages.${code}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('vocabulary.screen.type')}</span>
        <select
          value={type}
          onChange={(event) => onType(event.target.value as TypeFilter)}
          className={fieldClass}
        >
          <option value="all">{t('vocabulary.screen.allTypes')}</option>
          {PARTS_OF_SPEECH.map((part) => (
            <option key={part} value={part}>
              {t(`vocabulary.screen.types.${typeKey(part)}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">{t('vocabulary.screen.view')}</legend>
        <div className="flex gap-1">
          <Chip pressed={view === 'single'} onClick={() => onView('single')}>
            <List aria-hidden size={16} />
            {t('vocabulary.screen.views.single')}
          </Chip>
          <Chip pressed={view === 'grid'} onClick={() => onView('grid')}>
            <LayoutGrid aria-hidden size={16} />
            {t('vocabulary.screen.views.grid')}
          </Chip>
        </div>
      </fieldset>
      <button type="button" className="button-secondary ml-auto" onClick={onReset}>
        <RotateCcw aria-hidden size={16} />
        {t('vocabulary.screen.reset')}
      </button>
    </div>
  );
}
