import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { type AuthVariables, requireUser, sessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../http/errors.ts';
import { queryOf } from '../http/validate.ts';
import { quizScoreboard, quizWords } from '../services/quiz.service.ts';
import { quizWordsQuery } from './quiz.schema.ts';

/**
 * `/api/quiz`: words to ask (open to guests; the saved deck needs a session) and the signed-in
 * user's scoreboard. Like the other reads, neither counts against the write rate limit.
 */
export function quizRoutes(deps: { auth: Auth; db: Database }) {
  return new Hono<{ Variables: AuthVariables }>()
    .get('/words', async (c) => {
      const { deck, studyMode, exclude, limit } = queryOf(quizWordsQuery, c.req.query());
      let userId: string | null = null;
      if (deck.source === 'saved') {
        const user = await sessionUser(deps.auth, c);
        if (!user) throw unauthorized();
        userId = user.id;
      }
      const result = await quizWords(deps.db, { deck, studyMode, exclude, limit, userId });
      // Every answer is a new random draw; the saved deck is the user's own.
      c.header('Cache-Control', deck.source === 'saved' ? 'private, no-store' : 'no-cache');
      return c.json(result);
    })
    .get('/scores', requireUser(deps.auth), async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await quizScoreboard(deps.db, c.get('user').id));
    });
}
