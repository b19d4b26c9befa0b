import {
  DEFAULT_SRS_SETTINGS,
  LEECH_NEVER,
  leechThresholdValue,
  migratePreferences,
  type SrsSettings,
  type SrsSettingsUpdate,
  srsSettingsSchema,
} from '@lesefuchs/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, srsSettings, users } from '../../db/schema/index.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';

// SRS settings (spec 3 §3, §9): one row per user, made on the first change. A user without a
// row has the defaults, except the leech threshold, which follows the profile preference
// leechThreshold (spec 1 §3; 'never' is stored as 50). The two stay in step both ways: a
// preference change writes srs_settings.leech_threshold, and a settings change writes the
// preference, each in the same transaction.

type SettingsRow = typeof srsSettings.$inferInsert;

function toSettings(row: typeof srsSettings.$inferSelect): SrsSettings {
  // Parsed, so a value stored by an older version outside today's ranges falls back cleanly.
  const parsed = srsSettingsSchema.safeParse({
    daily_new_cards: row.dailyNewCards,
    daily_review_cards: row.dailyReviewCards,
    daily_time_target_minutes: row.dailyTimeTargetMinutes,
    learning_steps: row.learningSteps,
    relearning_steps: row.relearningSteps,
    new_card_order: row.newCardOrder,
    review_order: row.reviewOrder,
    interleave_siblings: row.interleaveSiblings,
    leech_threshold: row.leechThreshold,
    leech_action: row.leechAction,
    maximum_interval: row.maximumInterval,
    starting_ease: row.startingEase,
    easy_bonus: row.easyBonus,
    interval_modifier: row.intervalModifier,
    hard_interval: row.hardInterval,
    scheduler: row.scheduler,
    request_retention: row.requestRetention,
  });
  return parsed.success ? parsed.data : { ...DEFAULT_SRS_SETTINGS };
}

function toRow(userId: string, settings: SrsSettings): SettingsRow {
  return {
    userId,
    dailyNewCards: settings.daily_new_cards,
    dailyReviewCards: settings.daily_review_cards,
    dailyTimeTargetMinutes: settings.daily_time_target_minutes,
    learningSteps: settings.learning_steps,
    relearningSteps: settings.relearning_steps,
    newCardOrder: settings.new_card_order,
    reviewOrder: settings.review_order,
    interleaveSiblings: settings.interleave_siblings,
    leechThreshold: settings.leech_threshold,
    leechAction: settings.leech_action,
    maximumInterval: settings.maximum_interval,
    startingEase: settings.starting_ease,
    easyBonus: settings.easy_bonus,
    intervalModifier: settings.interval_modifier,
    hardInterval: settings.hard_interval,
    scheduler: settings.scheduler,
    requestRetention: settings.request_retention,
  };
}

/** What the settings are read from, for a query that joins them on the user (see settingsOf). */
export const settingsColumns = { settings: srsSettings, preferences: profiles.preferences };

/** The settings of a row read through settingsColumns: its own, else the defaults with the profile's leech threshold. */
export function settingsOf(
  row:
    | {
        settings: typeof srsSettings.$inferSelect | null;
        preferences: (typeof profiles.$inferSelect)['preferences'] | null;
      }
    | undefined,
): SrsSettings {
  if (row?.settings) return toSettings(row.settings);
  return {
    ...DEFAULT_SRS_SETTINGS,
    leech_threshold: row?.preferences
      ? leechThresholdValue(migratePreferences(row.preferences))
      : DEFAULT_SRS_SETTINGS.leech_threshold,
  };
}

/** The user's SRS settings: their row, else the defaults with the profile's leech threshold. */
export async function getSrsSettings(db: Database, userId: string): Promise<SrsSettings> {
  // One look-up: the user always exists; the settings row and the profile may not yet.
  const [row] = await db
    .select(settingsColumns)
    .from(users)
    .leftJoin(srsSettings, eq(srsSettings.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return settingsOf(row);
}

async function saveSettings(tx: Database, userId: string, settings: SrsSettings): Promise<void> {
  const row = toRow(userId, settings);
  const { userId: _key, ...columns } = row;
  await tx
    .insert(srsSettings)
    .values(row)
    .onConflictDoUpdate({ target: srsSettings.userId, set: { ...columns, updatedAt: sql`now()` } });
}

/** Merges a change into the settings (PUT /settings) and answers the whole settings. */
export async function updateSrsSettings(
  db: Database,
  hub: RealtimeHub,
  userId: string,
  change: SrsSettingsUpdate,
): Promise<SrsSettings> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const merged = srsSettingsSchema.parse({ ...(await getSrsSettings(tx, userId)), ...change });
    await saveSettings(tx, userId, merged);
    if (change.leech_threshold !== undefined) {
      await writeLeechPreference(tx, userId, merged.leech_threshold);
    }
    await hub.publish(userId, { type: 'flashcards', data: { action: 'settings' } }, tx);
    return merged;
  });
}

/**
 * Keeps srs_settings.leech_threshold in step with a changed leechThreshold preference; called
 * by the profile service inside the transaction that writes the preference.
 */
export async function syncLeechThreshold(
  tx: Database,
  userId: string,
  preference: number | 'never',
): Promise<void> {
  const threshold = leechThresholdValue({ leechThreshold: preference });
  const current = await getSrsSettings(tx, userId);
  await saveSettings(tx, userId, { ...current, leech_threshold: threshold });
}

/** The profile preference for a threshold written through the settings ('never' for 50). */
async function writeLeechPreference(tx: Database, userId: string, threshold: number) {
  const leechThreshold = threshold >= LEECH_NEVER ? 'never' : threshold;
  await tx.insert(profiles).values({ userId }).onConflictDoNothing();
  await tx
    .update(profiles)
    .set({
      preferences: sql`${profiles.preferences} || ${JSON.stringify({ leechThreshold })}::jsonb`,
      preferencesUpdatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.userId, userId));
}
