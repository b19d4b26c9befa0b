/** Nickname length after trimming (spec 1 §9). */
export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 20;

/**
 * Words a nickname may not contain (spec 1 §5), compared case-insensitively after removing
 * underscores and hyphens, and after reading common digit look-alikes as letters (adm1n).
 */
export const RESTRICTED_NICKNAME_WORDS = [
  'admin',
  'administrator',
  'moderator',
  'lesefuchs',
  'support',
  'help',
  'official',
  'staff',
  'team',
  'system',
  'root',
  'user',
  'guest',
  'anonymous',
  'null',
  'undefined',
  'bot',
  'api',
  'test',
  'demo',
  'example',
  'owner',
  'ceo',
  'developer',
  'dev',
] as const;

/**
 * Offensive words a nickname may not contain either (the spec is silent; nicknames are shown to
 * other learners). Only strings that do not occur inside ordinary words of the app's languages
 * are listed, since the check looks for them anywhere in the name; refused with the restricted
 * text.
 */
export const OFFENSIVE_NICKNAME_WORDS = [
  'fuck',
  'nigger',
  'nigga',
  'faggot',
  'hitler',
  'wichser',
  'fotze',
  'hurensohn',
  'pendejo',
  'gilipollas',
  '씨발',
  '병신',
  '개새끼',
] as const;

export const NICKNAME_MESSAGES = {
  required: 'Nickname is required',
  tooShort: 'Nickname must be at least 3 characters',
  tooLong: 'Nickname must be 20 characters or less',
  characters: 'Nickname can only contain letters, numbers, underscores and hyphens',
  start: 'Nickname must start with a letter or a number',
  consecutive: 'Nickname cannot contain two underscores or hyphens in a row',
  restricted: 'This nickname contains restricted words. Please choose another.',
  taken: 'This nickname is already taken. Please choose another.',
} as const;

const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
};

/** The nickname as the restricted-word check reads it. */
function normalizedForRestriction(nickname: string): string {
  const lower = nickname.toLowerCase().replace(/[_-]/g, '');
  return lower.replace(/[0134570@]/g, (c) => LOOK_ALIKES[c] ?? c);
}

/** The first rule a nickname breaks (spec 1 §5), or null when it is valid. Uniqueness aside. */
export function nicknameError(raw: string): string | null {
  const nickname = raw.trim();
  if (nickname.length === 0) return NICKNAME_MESSAGES.required;
  const length = [...nickname].length;
  if (length < NICKNAME_MIN) return NICKNAME_MESSAGES.tooShort;
  if (length > NICKNAME_MAX) return NICKNAME_MESSAGES.tooLong;
  if (!/^[\p{L}\p{N}_-]+$/u.test(nickname)) return NICKNAME_MESSAGES.characters;
  if (!/^[\p{L}\p{N}]/u.test(nickname)) return NICKNAME_MESSAGES.start;
  if (/__|--/.test(nickname)) return NICKNAME_MESSAGES.consecutive;
  const plain = nickname.toLowerCase().replace(/[_-]/g, '');
  const readable = normalizedForRestriction(nickname);
  const refused = [...RESTRICTED_NICKNAME_WORDS, ...OFFENSIVE_NICKNAME_WORDS];
  if (refused.some((word) => plain.includes(word) || readable.includes(word))) {
    return NICKNAME_MESSAGES.restricted;
  }
  return null;
}

/**
 * Whether a nickname clashes with one already taken (spec 1 §5): the same, the same but for
 * case, or one containing the other. A stored name shorter than a valid nickname (left by an
 * older version, or empty) is compared whole only: as a substring it would block nearly every
 * name ("" is in every name, "e" in most).
 */
export function nicknameTaken(candidate: string, existing: readonly string[]): boolean {
  const wanted = candidate.trim().toLowerCase();
  return existing.some((taken) => {
    const other = taken.trim().toLowerCase();
    if (other === wanted) return true;
    if ([...other].length < NICKNAME_MIN) return false;
    return other.includes(wanted) || wanted.includes(other);
  });
}

/**
 * A valid nickname made from a name given elsewhere (a Google profile's name or the local part
 * of an e-mail address): letters kept without accents, runs of other characters made one
 * hyphen, trimmed to fit with room for a numeric suffix. Falls back to "reader" when nothing
 * usable is left or the result contains a restricted word.
 */
export function nicknameFrom(source: string, suffix = ''): string {
  const base = source
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/([_-])[_-]+/g, '$1')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, NICKNAME_MAX - suffix.length)
    .replace(/[_-]+$/, '');
  const candidate = `${base}${suffix}`;
  if (base.length > 0 && nicknameError(candidate) === null) return candidate;
  return `reader${suffix}`;
}
