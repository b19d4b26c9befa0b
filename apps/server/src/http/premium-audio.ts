import {
  premiumOnlyAudioChoices,
  premiumRequiredMessage,
  premiumVoiceOfAudioFile,
} from '@lesefuchs/core';
import { createMiddleware } from 'hono/factory';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { isUserPremium } from '../services/membership.service.ts';
import { premiumRequired, unauthorized } from './errors.ts';

/** The request path as the static server will look it up (percent-escapes decoded). */
function lookupPath(requestPath: string): string {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return requestPath;
  }
}

/**
 * Lets a premium voice's audio files (the Florian voice, spec 2 §6) through only to a signed-in
 * premium user: 401 signed out, 403 `premium_required` otherwise. Everyone's files pass untouched.
 */
export function premiumAudioGate(deps: { auth: Auth; db: Database }) {
  return createMiddleware(async (c, next) => {
    const voice =
      premiumVoiceOfAudioFile(c.req.path) ?? premiumVoiceOfAudioFile(lookupPath(c.req.path));
    if (!voice) return next();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized();
    if (!(await isUserPremium(deps.db, session.user.id))) {
      throw premiumRequired(premiumRequiredMessage(premiumOnlyAudioChoices({ audioVoice: voice })));
    }
    await next();
  });
}
