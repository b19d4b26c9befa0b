import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import type { StoryDetail } from '../stories-api';

/** What every reading mode of the story viewer receives. */
export interface ModeProps {
  /** The story with tokens and vocabulary. */
  detail: StoryDetail;
  /** The learner's native language, for translations. */
  language: InterfaceLanguage;
  /** Marks the story read; a mode calls it at most once. */
  onComplete: () => void;
}

/**
 * Whether a key press happened on a control that handles the key itself (a button, a link, a
 * form field), so a mode's own shortcut must leave it alone.
 */
export function isControlTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target.closest('button, a[href], input, select, textarea, summary, [role="button"]') !== null
  );
}
