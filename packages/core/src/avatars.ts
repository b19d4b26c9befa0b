/** Avatar categories (spec 1 §3); "lesefuchs" is the product's own. */
export type AvatarCategory =
  | 'lesefuchs'
  | 'alien'
  | 'rocket'
  | 'ferret'
  | 'human'
  | 'Food'
  | 'nature'
  | 'space';

export interface Avatar {
  id: string;
  name: string;
  /** Served by the server from content/avatars. */
  url: `/avatars/${string}.svg`;
  category: AvatarCategory;
  description: string;
  premium: boolean;
}

const avatar = (
  id: string,
  name: string,
  category: AvatarCategory,
  description: string,
  premium = false,
): Avatar => ({
  id,
  name,
  url: `/avatars/${id}.svg`,
  category,
  description,
  premium,
});

/** The fixed catalogue of 11 avatars, drawn for Lesefuchs; two Food ones are premium. */
export const AVATARS: readonly Avatar[] = [
  avatar('fox-reader', 'Lesefuchs', 'lesefuchs', 'The fox with a blue book'),
  avatar('fox-night', 'Nachtfuchs', 'lesefuchs', 'The fox reading by moonlight'),
  avatar('alien-blip', 'Blip', 'alien', 'A friendly green visitor'),
  avatar('rocket-up', 'Rakete', 'rocket', 'A rocket on its way up'),
  avatar('ferret-scout', 'Frettchen', 'ferret', 'A curious ferret'),
  avatar('human-mina', 'Mina', 'human', 'A reader with dark hair'),
  avatar('human-jonas', 'Jonas', 'human', 'A reader with glasses'),
  avatar('food-pretzel', 'Brezel', 'Food', 'A Bavarian pretzel', true),
  avatar('food-kimbap', 'Gimbap', 'Food', 'A slice of Korean gimbap', true),
  avatar('nature-linden', 'Linde', 'nature', 'A linden tree'),
  avatar('space-comet', 'Komet', 'space', 'A comet in the night sky'),
];

export const AVATAR_MESSAGES = {
  invalidUrl: 'Invalid avatar URL',
  notFound: 'Avatar not found',
} as const;

/** Checks an avatar URL against the catalogue (null clears it): the URL, or the spec's error. */
export function validateAvatarUrl(
  url: string | null,
): { ok: true; url: string | null } | { ok: false; message: string } {
  if (url === null) return { ok: true, url: null };
  return AVATARS.some((entry) => entry.url === url)
    ? { ok: true, url }
    : { ok: false, message: AVATAR_MESSAGES.invalidUrl };
}

/** Finds an avatar by id, or the spec's error. */
export function avatarById(
  id: string,
): { ok: true; avatar: Avatar } | { ok: false; message: string } {
  const found = AVATARS.find((entry) => entry.id === id);
  return found ? { ok: true, avatar: found } : { ok: false, message: AVATAR_MESSAGES.notFound };
}
