import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { audioPlayer } from './player';
import type { AudioError } from './types';
import '../../texts/audio';

/** The text of an audio error (spec 2 §8) in the interface language. */
export function useAudioErrorText(): (error: AudioError) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error.code !== 'no-audio') return t(`audio.errors.${error.code}`);
    const code = error.language ?? 'de';
    const known = code === 'de' || code === 'en';
    return t('audio.errors.no-audio', {
      language: known ? t(`audio.languageNames.${code}`) : code,
    });
  };
}

/** The player's error while it shows (8 s), or nothing. */
export function AudioErrorMessage({ error }: { error: AudioError | null }) {
  const { t } = useTranslation();
  const text = useAudioErrorText();
  if (!error) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800 text-sm dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
      data-testid="audio-error"
    >
      <span className="flex-1">{text(error)}</span>
      <button
        type="button"
        onClick={() => audioPlayer.clearError()}
        aria-label={t('audio.dismissError')}
        className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900"
      >
        <X aria-hidden size={16} />
      </button>
    </p>
  );
}
