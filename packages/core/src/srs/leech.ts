/**
 * Leeches and suspension (spec 3 §4): the flags is_leech and is_suspended of a card.
 *
 * Decisions where the spec is silent (it does not show what marks a leech on the server):
 * - A card becomes a leech when a lapse (again on a review card) brings its lapses to the
 *   threshold, and again every half threshold (rounded up) after that, as Anki does: a leech
 *   the learner released gets a few more chances before it is caught again, instead of being
 *   caught at its very next lapse.
 * - A threshold of 'never', or the stored 50 that stands for it, never marks a leech.
 * - leech_action suspend also suspends the card; tag only marks it.
 * - Releasing a leech clears is_leech and is_suspended (a leech suspended by the leech action
 *   would otherwise stay hidden); unsuspending clears is_suspended only.
 */
import { LEECH_NEVER } from '../preferences/preferences.ts';
import type { LeechAction } from './scheduler.ts';

export interface CardFlags {
  is_leech: boolean;
  is_suspended: boolean;
}

/** Whether reaching `lapses` makes a card a leech at this threshold. */
export function isLeechLapse(lapses: number, threshold: number | 'never'): boolean {
  if (threshold === 'never' || threshold >= LEECH_NEVER || threshold < 1) return false;
  if (lapses < threshold) return false;
  return (lapses - threshold) % Math.ceil(threshold / 2) === 0;
}

/** The flags after a review that took lapses from `lapsesBefore` to `lapsesAfter`. */
export function leechFlagsAfterReview(
  flags: CardFlags,
  lapsesBefore: number,
  lapsesAfter: number,
  settings: { leech_threshold: number | 'never'; leech_action: LeechAction },
): CardFlags {
  if (lapsesAfter <= lapsesBefore || !isLeechLapse(lapsesAfter, settings.leech_threshold))
    return { is_leech: flags.is_leech, is_suspended: flags.is_suspended };
  return {
    is_leech: true,
    is_suspended: flags.is_suspended || settings.leech_action === 'suspend',
  };
}

export function suspendCard(flags: CardFlags): CardFlags {
  return { is_leech: flags.is_leech, is_suspended: true };
}

export function unsuspendCard(flags: CardFlags): CardFlags {
  return { is_leech: flags.is_leech, is_suspended: false };
}

export function releaseLeech(_flags: CardFlags): CardFlags {
  return { is_leech: false, is_suspended: false };
}

/**
 * Whether a card may be studied: suspended cards and leeches are left out unless asked for, as
 * get_due_cards' p_include_suspended and p_include_leeches do (off by default: our decision;
 * the spec's due query excludes leeches, and suspending removes a card from the queues).
 */
export function isStudyable(
  flags: CardFlags,
  options: { includeLeeches?: boolean; includeSuspended?: boolean } = {},
): boolean {
  return (
    (!flags.is_suspended || options.includeSuspended === true) &&
    (!flags.is_leech || options.includeLeeches === true)
  );
}
