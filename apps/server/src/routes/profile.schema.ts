import { AVATAR_MESSAGES, AVATARS, LEVELS } from '@lesefuchs/core';
import { z } from 'zod';

/** PATCH /api/profile */
export const profilePatchSchema = z
  .object({
    /** One of the catalogue's URLs, or null to clear the avatar. */
    avatarUrl: z
      .string()
      .nullable()
      .refine(
        (url) => url === null || AVATARS.some((avatar) => avatar.url === url),
        AVATAR_MESSAGES.invalidUrl,
      )
      .optional(),
    /** The learner's CEFR level. */
    userLevel: z.enum(LEVELS).optional(),
    /** The interface language follows it (ko is accepted for Korean). */
    nativeLanguage: z
      .enum(['en', 'es', 'kr', 'ko'])
      .transform((value) => (value === 'ko' ? 'kr' : value))
      .optional(),
  })
  .strict();
export type ProfilePatch = z.infer<typeof profilePatchSchema>;
