import {
  DEFAULT_PREFERENCES,
  LEVELS,
  migratePreferences,
  type PreferencesPatch,
  preferencesPatchSchema,
} from '@lesefuchs/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { profiles, users } from '../db/schema/index.ts';
import { syncLeechThreshold } from './flashcards/settings.service.ts';
import { assertAudioChoicesAllowed, PremiumRequiredError } from './membership.service.ts';
import { type SyncHandler, SyncRejection } from './sync.service.ts';

/** The profile as the API presents it. */
export function presentProfile(
  user: typeof users.$inferSelect,
  profile: typeof profiles.$inferSelect,
) {
  return {
    id: user.id,
    email: user.email,
    nickname: user.name,
    nativeLanguage: user.nativeLanguage,
    targetLanguage: user.targetLanguage,
    userLevel: profile.userLevel,
    avatarUrl: profile.avatarUrl,
    joinedAt: user.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
    preferences: migratePreferences(profile.preferences),
    preferencesUpdatedAt: profile.preferencesUpdatedAt?.toISOString() ?? null,
  };
}
export type ProfileResponse = ReturnType<typeof presentProfile>;

/** The signed-in user's profile, made with the defaults on first read. */
export async function getProfile(db: Database, userId: string): Promise<ProfileResponse> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  if (!row) throw new Error(`profile of ${userId} vanished`);
  return presentProfile(row.user, row.profile);
}

export interface ProfileChange {
  avatarUrl?: string | null;
  userLevel?: (typeof LEVELS)[number];
  nativeLanguage?: 'en' | 'es' | 'kr';
}

/** Changes the profile fields of the signed-in user. */
export async function updateProfile(
  db: Database,
  userId: string,
  change: ProfileChange,
): Promise<ProfileResponse> {
  await db.transaction(async (tx) => {
    await tx.insert(profiles).values({ userId }).onConflictDoNothing();
    const profileChange: Partial<typeof profiles.$inferInsert> = {};
    if (change.avatarUrl !== undefined) profileChange.avatarUrl = change.avatarUrl;
    if (change.userLevel !== undefined) profileChange.userLevel = change.userLevel;
    if (Object.keys(profileChange).length > 0) {
      await tx
        .update(profiles)
        .set({ ...profileChange, updatedAt: sql`now()` })
        .where(eq(profiles.userId, userId));
    }
    if (change.nativeLanguage !== undefined) {
      await tx
        .update(users)
        .set({ nativeLanguage: change.nativeLanguage, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    }
  });
  return getProfile(db, userId);
}

/**
 * Merges a change into the stored preferences (spec 1 §7: merged, with updatedAt). A new leech
 * threshold is also written to the SRS settings, which the review endpoint reads; call it
 * inside a transaction so both change together. A premium-only audio choice by a user who is
 * not premium throws PremiumRequiredError before anything is written (spec 2 §6).
 */
async function mergePreferences(
  db: Database,
  userId: string,
  patch: PreferencesPatch,
): Promise<void> {
  await assertAudioChoicesAllowed(db, userId, patch);
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
  await db
    .update(profiles)
    .set({
      preferences: sql`${profiles.preferences} || ${JSON.stringify(patch)}::jsonb`,
      preferencesUpdatedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.userId, userId));
  if (patch.leechThreshold !== undefined) {
    await syncLeechThreshold(db, userId, patch.leechThreshold);
  }
}

/** Merges a change into the preferences and answers with the profile. */
export async function updatePreferences(
  db: Database,
  userId: string,
  patch: PreferencesPatch,
): Promise<ProfileResponse> {
  await db.transaction((tx) => mergePreferences(tx as unknown as Database, userId, patch));
  return getProfile(db, userId);
}

/** Puts the preferences back to their defaults. */
export async function resetPreferences(db: Database, userId: string): Promise<ProfileResponse> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    await tx.insert(profiles).values({ userId }).onConflictDoNothing();
    await tx
      .update(profiles)
      .set({ preferences: {}, preferencesUpdatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await syncLeechThreshold(tx, userId, DEFAULT_PREFERENCES.leechThreshold);
  });
  return getProfile(db, userId);
}

/**
 * Queued preference changes (the client's "preferences" queue), applied in order, each once. A
 * change making a premium-only audio choice for a user who is not premium is rejected for good:
 * retrying it would be refused again.
 */
export const preferencesSyncHandler: SyncHandler<typeof preferencesPatchSchema> = {
  payload: preferencesPatchSchema,
  apply: async (tx, userId, patch) => {
    try {
      await mergePreferences(tx, userId, patch);
    } catch (error) {
      if (error instanceof PremiumRequiredError) throw new SyncRejection(error.message);
      throw error;
    }
  },
};
