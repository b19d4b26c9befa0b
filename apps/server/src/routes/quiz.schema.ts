import { LEVELS, type Level, PG_INT_MAX, QUIZ_LIMITS, QUIZ_STUDY_MODES } from '@lesefuchs/core';
import { z } from 'zod';

// Query strings of /api/quiz (spec 2 §7, §9).

/** The words a quiz asks: every entry, some levels of it, or the learner's saved words. */
export type QuizDeck = { source: 'database'; levels: Level[] } | { source: 'saved' };

/** Longest deck string: "level-A1+A2+B1+B2+C1+C2" is 23 characters. */
const DECK_MAX_LENGTH = 32;
/** The most ids `exclude` may name: the most words a device keeps (spec 2 §9). */
export const QUIZ_EXCLUDE_MAX = QUIZ_LIMITS.maxCached;
const ROW_ID = /^[1-9]\d{0,9}$/;

const LEVEL_OF = new Map<string, Level>(LEVELS.map((level) => [level.toLowerCase(), level]));

/**
 * `database`, `saved`, or `level-` and one or more levels joined with `+` (`level-A1+B2`). A
 * `+` sent unencoded arrives as a space, which is read the same; level codes in any case.
 */
export const quizDeckField = z
  .string()
  .max(DECK_MAX_LENGTH, 'not a deck')
  .default('database')
  .transform((text, ctx): QuizDeck => {
    if (text === 'database') return { source: 'database', levels: [] };
    if (text === 'saved') return { source: 'saved' };
    if (!text.startsWith('level-')) {
      ctx.addIssue({
        code: 'custom',
        message: `"${text}" is not a deck (database, saved or level-A1 … level-C2, levels joined with +)`,
      });
      return z.NEVER;
    }
    const levels: Level[] = [];
    for (const part of text.slice('level-'.length).split(/[+ ]/)) {
      const level = LEVEL_OF.get(part.toLowerCase());
      if (!level) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not a level (A1 … C2)` });
        return z.NEVER;
      }
      if (levels.includes(level)) {
        ctx.addIssue({ code: 'custom', message: `level ${level} is named twice` });
        return z.NEVER;
      }
      levels.push(level);
    }
    return { source: 'database', levels };
  });

/** Comma-separated vocabulary ids, at most 400, each 1 … 2,147,483,647; empty is none. */
export const excludeField = z
  .string()
  .default('')
  .transform((text, ctx): number[] => {
    if (text === '') return [];
    const parts = text.split(',');
    if (parts.length > QUIZ_EXCLUDE_MAX) {
      ctx.addIssue({ code: 'custom', message: `at most ${QUIZ_EXCLUDE_MAX} ids` });
      return z.NEVER;
    }
    const ids = new Set<number>();
    for (const part of parts) {
      const id = Number(part);
      if (!ROW_ID.test(part) || id > PG_INT_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part.slice(0, 20)}" is not a vocabulary id (1 … ${PG_INT_MAX})`,
        });
        return z.NEVER;
      }
      ids.add(id);
    }
    return [...ids];
  });

/** The batch size, 1 … 100 (spec 2 §9: batches of 100). */
export const quizLimitField = z
  .string()
  .default(String(QUIZ_LIMITS.batchSize))
  .transform((text, ctx) => {
    const limit = /^\d{1,3}$/.test(text) ? Number(text) : 0;
    if (limit < 1 || limit > QUIZ_LIMITS.batchSize) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from 1 to ${QUIZ_LIMITS.batchSize}`,
      });
      return z.NEVER;
    }
    return limit;
  });

/** GET /words. */
export const quizWordsQuery = z.object({
  deck: quizDeckField,
  studyMode: z.enum(QUIZ_STUDY_MODES).default('vocabulary'),
  exclude: excludeField,
  limit: quizLimitField,
});
export type QuizWordsQuery = z.infer<typeof quizWordsQuery>;
