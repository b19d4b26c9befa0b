import { CloudDownload, HardDriveDownload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../lib/i18n';
import { useOnline } from '../../lib/online';
import { useAudioSettings } from '../audio/audio-settings';
import {
  formatBytes,
  useOfflineLibrary,
  useRemoveOffline,
  useSaveOffline,
} from './offline-library';
import { bytesToSave, useStorySizes } from './story-sizes';
import '../../texts/offline';

/**
 * A story's "Save for offline": the story and its audio in the learner's voice, kept until
 * removed. It says what it takes before saving and how far it is while saving.
 */
export function SaveOfflineButton({ storyId }: { storyId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { voice } = useAudioSettings();
  const online = useOnline();
  const library = useOfflineLibrary();
  const sizes = useStorySizes();
  const { save, cancel, progress, saving } = useSaveOffline(voice);
  const remove = useRemoveOffline();
  const stored = library.data?.stories.find((story) => story.id === storyId);
  const size = bytesToSave(sizes.data?.get(storyId), voice);

  // The row keeps its height while the device is asked (no layout shift when it answers).
  if (library.isPending) return <div className="min-h-9" />;
  if (stored?.kept && !saving) {
    return (
      <p
        className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-sm"
        data-testid="story-saved-offline"
      >
        <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-300">
          <HardDriveDownload aria-hidden size={16} />
          {t('offline.savedHere', {
            size: formatBytes(stored.bytes + stored.audioBytes, locale),
          })}
        </span>
        <Link to="/stories/offline" className="text-link">
          {t('offline.seeSaved')}
        </Link>
        <button type="button" className="text-link" onClick={() => void remove([storyId])}>
          {t('offline.remove')}
        </button>
      </p>
    );
  }
  if (saving && progress) {
    const bytes = progress.bytes;
    const label = bytes
      ? t('offline.savingBytes', {
          done: formatBytes(bytes.done, locale),
          total: formatBytes(bytes.total, locale),
        })
      : t('offline.saving');
    return (
      <div
        className="flex min-h-9 flex-wrap items-center gap-3 text-sm"
        data-testid="save-progress"
      >
        <CloudDownload aria-hidden size={16} className="shrink-0" />
        {bytes && (
          <progress
            className="h-2 w-32 accent-orange-600"
            max={bytes.total}
            value={bytes.done}
            aria-label={label}
          />
        )}
        <span className="tabular-nums" role="status">
          {label}
        </span>
        <button type="button" className="text-link" onClick={cancel}>
          {t('offline.cancel')}
        </button>
      </div>
    );
  }
  const failed = progress !== null && progress.failed > 0;
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm">
      <button
        type="button"
        className="button-secondary inline-flex items-center gap-2"
        disabled={!online}
        onClick={() => void save([storyId])}
        data-testid="save-offline"
      >
        <CloudDownload aria-hidden size={16} />
        {size === null
          ? t('offline.save')
          : t('offline.saveWithSize', { size: formatBytes(size, locale) })}
      </button>
      <span role="status" className="text-stone-600 dark:text-stone-300">
        {failed ? t('offline.saveFailed') : !online ? t('offline.saveNeedsNetwork') : ''}
      </span>
    </div>
  );
}
