import { LEVELS, OFFENSIVE_NICKNAME_WORDS, PG_INT_MAX, validateInput } from '@lesefuchs/core';
import { z } from 'zod';

// Requests of /api/community (issue #21; the rules are in docs/decisions.md, "Community").

/** The boards: points this week, points of all time, the current streak. */
export const BOARDS = ['week', 'all', 'streak'] as const;
export type Board = (typeof BOARDS)[number];

export const COMMUNITY_LIMITS = {
  /** Rows of a board page. */
  boardPageSize: 50,
  /** Collections of a browse page. */
  collectionPageSize: 20,
  /** The highest page number a list accepts. */
  pageMax: 10_000,
  nameMin: 3,
  nameMax: 60,
  descriptionMax: 500,
  noteMax: 500,
  wordsMin: 1,
  wordsMax: 500,
  /** Collections one learner may have. */
  collectionsPerLearner: 50,
} as const;

export const COLLECTION_KINDS = ['word_list', 'story_words'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];
export const COLLECTION_VISIBILITIES = ['public', 'link'] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];
export const REPORT_REASONS = ['offensive', 'spam', 'other'] as const;

/** A collection id: 12 base62 characters. */
export const COLLECTION_ID = /^[0-9A-Za-z]{12}$/;
/** What a nickname may look like (letters, digits, _ and -, at most 20): anything else is a 400. */
const NICKNAME_SHAPE = /^[\p{L}\p{N}_-]{1,20}$/u;

const codePoints = (text: string) => [...text].length;

const pageField = z
  .string()
  .default('1')
  .transform((text, ctx) => {
    const page = /^\d{1,5}$/.test(text) ? Number(text) : 0;
    if (page < 1 || page > COMMUNITY_LIMITS.pageMax) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from 1 to ${COMMUNITY_LIMITS.pageMax}`,
      });
      return z.NEVER;
    }
    return page;
  });

/** Whether a text holds one of the words a nickname may not (anywhere, any case). */
const offensive = (text: string) => {
  const lower = text.toLowerCase();
  return OFFENSIVE_NICKNAME_WORDS.some((word) => lower.includes(word));
};

/** A collection's name: the title rules of spec 2 §5, 3–60 characters, no offensive word. */
const nameField = z.string().superRefine((value, ctx) => {
  const length = codePoints(value);
  if (length < COMMUNITY_LIMITS.nameMin || length > COMMUNITY_LIMITS.nameMax) {
    ctx.addIssue({
      code: 'custom',
      message: `must be ${COMMUNITY_LIMITS.nameMin} to ${COMMUNITY_LIMITS.nameMax} characters`,
    });
    return;
  }
  const checked = validateInput(value, 'title');
  if (!checked.valid) ctx.addIssue({ code: 'custom', message: checked.errors[0] ?? 'not valid' });
  else if (offensive(value)) ctx.addIssue({ code: 'custom', message: 'contains a refused word' });
});

/** A description or a report's note: the sentence rules, at most 500 characters; may be empty. */
const sentenceField = (max: number) =>
  z.string().superRefine((value, ctx) => {
    if (value === '') return;
    if (codePoints(value) > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
      return;
    }
    const checked = validateInput(value, 'sentence');
    if (!checked.valid) ctx.addIssue({ code: 'custom', message: checked.errors[0] ?? 'not valid' });
    else if (offensive(value)) ctx.addIssue({ code: 'custom', message: 'contains a refused word' });
  });

/** PUT /me. */
export const visibilityBody = z.strictObject({
  /** Shown on the boards, with a public profile, named on public collections. */
  public: z.boolean(),
});

/** GET /leaderboard. */
export const leaderboardQuery = z.object({
  /** week (points this ISO week, UTC), all (points of all time) or streak (days). */
  board: z.enum(BOARDS).default('week'),
  /** 1 … 10000, 50 rows a page. */
  page: pageField,
});

/** GET /profiles/:nickname. */
export const nicknameParam = z
  .string()
  .regex(NICKNAME_SHAPE, 'is not a nickname (letters, digits, _ and -, at most 20)');

/** GET /collections/:id and the routes under it. */
export const collectionIdParam = z.string().regex(COLLECTION_ID, 'is not a collection id');

/** GET /collections. */
export const collectionsQuery = z.object({
  /** newest first, or the most used first. */
  sort: z.enum(['newest', 'popular']).default('newest'),
  /** all, or the collections of one level. */
  level: z.enum(['all', ...LEVELS] as const).default('all'),
  /** 1 … 10000, 20 collections a page. */
  page: pageField,
});

/** POST /collections. */
export const createCollectionBody = z.strictObject({
  /** 3–60 characters (title rules). */
  name: nameField,
  /** 0–500 characters (sentence rules). */
  description: sentenceField(COMMUNITY_LIMITS.descriptionMax).default(''),
  /** A word list, or the words of a story. */
  kind: z.enum(COLLECTION_KINDS),
  /** public (listed) or link (only through its link). */
  visibility: z.enum(COLLECTION_VISIBILITIES),
  /** 1–500 vocabulary ids, each an existing entry; repeats count once. */
  vocabularyIds: z
    .array(z.number().int().min(1).max(PG_INT_MAX))
    .min(COMMUNITY_LIMITS.wordsMin)
    .max(COMMUNITY_LIMITS.wordsMax),
});
export type CreateCollection = z.infer<typeof createCollectionBody>;

/** PATCH /collections/:id: any of these. */
export const updateCollectionBody = z
  .strictObject({
    name: nameField.optional(),
    description: sentenceField(COMMUNITY_LIMITS.descriptionMax).optional(),
    visibility: z.enum(COLLECTION_VISIBILITIES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'name, description or visibility');
export type UpdateCollection = z.infer<typeof updateCollectionBody>;

/** POST /collections/:id/report. */
export const reportBody = z.strictObject({
  reason: z.enum(REPORT_REASONS),
  /** What the operator should know, 0–500 characters (sentence rules). */
  note: sentenceField(COMMUNITY_LIMITS.noteMax).optional(),
});
export type CollectionReport = z.infer<typeof reportBody>;
