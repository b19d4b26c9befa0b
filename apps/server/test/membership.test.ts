import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema/index.ts';
import type { RealtimeEvent } from '../src/realtime/hub.ts';
import {
  grantPremium,
  isUserPremium,
  revokePremium,
  UnknownUserError,
} from '../src/services/membership.service.ts';
import { caller, json, signUp, targets, testServerFor } from './harness.ts';

const DAY_MS = 86_400_000;
const florian = '/audio/1/de-florian.mp3?v=0123456789ab';
const florianTimings = '/audio/1/de-florian.json';
const amala = '/audio/1/de-amala.mp3?v=0123456789ab';

describe.each(targets)('premium membership on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const call = caller(server);
  const membershipOf = async (cookie: string) => json(await call(cookie, 'GET', '/api/membership'));
  const grant = (email: string, days: number, now?: Date) =>
    grantPremium(server.database.db, server.hub, email, days, now);
  const revoke = (email: string) => revokePremium(server.database.db, server.hub, email);

  it.skipIf(!available)(
    'answers none for a user without a membership, 401 signed out',
    async () => {
      const user = await signUp(server, 'Nora');
      const response = await call(user.cookie, 'GET', '/api/membership');
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({
        is_premium: false,
        subscription_status: 'none',
        premium_expires_at: null,
      });
      const signedOut = await server.app.request('/api/membership');
      expect(signedOut.status).toBe(401);
      expect((await json(signedOut)).error.code).toBe('unauthorized');
      expect(await isUserPremium(server.database.db, user.id)).toBe(false);
    },
  );

  it.skipIf(!available)(
    'grants premium for N days from now, then extends from the expiry still ahead',
    async () => {
      const user = await signUp(server, 'Greta');
      const now = new Date();
      const granted = await grant(user.email, 30, now);
      const expiry = new Date(now.getTime() + 30 * DAY_MS).toISOString();
      expect(granted).toEqual({
        email: user.email,
        membership: { is_premium: true, subscription_status: 'active', premium_expires_at: expiry },
      });
      expect(await membershipOf(user.cookie)).toEqual({
        is_premium: true,
        subscription_status: 'active',
        premium_expires_at: expiry,
      });
      expect(await isUserPremium(server.database.db, user.id)).toBe(true);

      const extended = await grant(user.email, 10, now);
      expect(extended.membership.premium_expires_at).toBe(
        new Date(now.getTime() + 40 * DAY_MS).toISOString(),
      );
      expect((await membershipOf(user.cookie)).premium_expires_at).toBe(
        extended.membership.premium_expires_at,
      );
    },
  );

  it.skipIf(!available)(
    'an expired membership keeps its status and expiry but is not premium; a new grant counts from now',
    async () => {
      const user = await signUp(server, 'Ernst');
      const longAgo = new Date('2026-01-01T00:00:00.000Z');
      await grant(user.email, 30, longAgo);
      expect(await membershipOf(user.cookie)).toEqual({
        is_premium: false,
        subscription_status: 'active',
        premium_expires_at: '2026-01-31T00:00:00.000Z',
      });
      expect(await isUserPremium(server.database.db, user.id)).toBe(false);

      for (const status of ['trial', 'grace'] as const) {
        await server.database.db
          .update(memberships)
          .set({ status, premiumExpiresAt: new Date(Date.now() - 1_000) })
          .where(eq(memberships.userId, user.id));
        expect(await membershipOf(user.cookie)).toMatchObject({
          is_premium: false,
          subscription_status: status,
        });
        await server.database.db
          .update(memberships)
          .set({ premiumExpiresAt: null })
          .where(eq(memberships.userId, user.id));
        expect(await membershipOf(user.cookie)).toEqual({
          is_premium: true,
          subscription_status: status,
          premium_expires_at: null,
        });
      }

      await server.database.db
        .update(memberships)
        .set({ status: 'active', premiumExpiresAt: longAgo })
        .where(eq(memberships.userId, user.id));
      const now = new Date();
      const renewed = await grant(user.email, 7, now);
      expect(renewed.membership).toEqual({
        is_premium: true,
        subscription_status: 'active',
        premium_expires_at: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      });
    },
  );

  it.skipIf(!available)('revokes premium at once: status none, no expiry', async () => {
    const user = await signUp(server, 'Rita');
    await grant(user.email, 30);
    const revoked = await revoke(user.email);
    expect(revoked).toEqual({
      email: user.email,
      membership: { is_premium: false, subscription_status: 'none', premium_expires_at: null },
    });
    expect(await membershipOf(user.cookie)).toEqual(revoked.membership);
    // Revoking a user who never had premium is allowed and leaves them at none.
    const never = await signUp(server, 'Nie');
    expect((await revoke(never.email)).membership.subscription_status).toBe('none');
  });

  it.skipIf(!available)(
    'finds the user by address whatever its case; an unknown address is a clear error',
    async () => {
      const user = await signUp(server, 'Case');
      const granted = await grant(user.email.toUpperCase(), 1);
      expect(granted.email).toBe(user.email);
      await expect(grant('nobody@example.com', 30)).rejects.toThrow(
        new UnknownUserError('nobody@example.com'),
      );
      await expect(revoke('nobody@example.com')).rejects.toThrow(
        'No user has the e-mail address nobody@example.com.',
      );
      await expect(grant(user.email, 0)).rejects.toThrow(
        'days must be a whole number from 1 to 3650, got 0',
      );
      await expect(grant(user.email, 1.5)).rejects.toThrow(RangeError);
    },
  );

  it.skipIf(!available)('the status column refuses an unknown status', async () => {
    const user = await signUp(server, 'Check');
    await expect(
      server.database.db
        .insert(memberships)
        .values({ userId: user.id, status: 'lifetime' as 'active' }),
    ).rejects.toThrow();
  });

  it.skipIf(!available)(
    'tells the user’s open apps to refetch on a grant and a revoke',
    async () => {
      const user = await signUp(server, 'Echo');
      const other = await signUp(server, 'Otto');
      const events: RealtimeEvent[] = [];
      const othersEvents: RealtimeEvent[] = [];
      const stop = server.hub.subscribe(user.id, (event) => events.push(event));
      const stopOther = server.hub.subscribe(other.id, (event) => othersEvents.push(event));
      try {
        await grant(user.email, 30);
        await revoke(user.email);
        const deadline = Date.now() + 5_000;
        while (events.length < 2 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(events).toEqual([{ type: 'membership' }, { type: 'membership' }]);
        expect(othersEvents).toEqual([]);
      } finally {
        stop();
        stopOther();
      }
    },
  );

  it.skipIf(!available)(
    "one user's membership never answers another's: each session sees its own",
    async () => {
      const anna = await signUp(server, 'Anna');
      const ben = await signUp(server, 'Benno');
      await grant(anna.email, 30);
      expect((await membershipOf(anna.cookie)).is_premium).toBe(true);
      expect(await membershipOf(ben.cookie)).toEqual({
        is_premium: false,
        subscription_status: 'none',
        premium_expires_at: null,
      });
      // A user id in the query changes nothing: the session decides.
      const asked = await call(ben.cookie, 'GET', `/api/membership?userId=${anna.id}`);
      expect((await json(asked)).is_premium).toBe(false);
      // Ben's premium-only audio stays refused although Anna is premium.
      expect((await call(ben.cookie, 'GET', florian)).status).toBe(403);
      expect((await call(anna.cookie, 'GET', florian)).status).toBe(200);
    },
  );

  it.skipIf(!available)(
    'refuses premium-only audio preferences to a non-premium user, storing nothing; allows them after a grant',
    async () => {
      const user = await signUp(server, 'Paula');
      const patch = (body: unknown) => call(user.cookie, 'PATCH', '/api/profile/preferences', body);
      const preferences = async () =>
        (await json(await call(user.cookie, 'GET', '/api/profile'))).profile.preferences;

      for (const [body, message] of [
        [{ audioSpeed: '0.7' }, 'A premium membership is required for audio speed 0.7.'],
        [{ audioSpeed: '1.5' }, 'A premium membership is required for audio speed 1.5.'],
        [{ audioVoice: 'Florian' }, 'A premium membership is required for the Florian voice.'],
        [
          { storyMode: 'focus', audioSpeed: '1.5', audioVoice: 'Florian' },
          'A premium membership is required for audio speed 1.5 and the Florian voice.',
        ],
      ] as const) {
        const refused = await patch(body);
        expect(refused.status).toBe(403);
        expect(await json(refused)).toEqual({ error: { code: 'premium_required', message } });
      }
      expect(await preferences()).toMatchObject({
        storyMode: 'normal',
        audioSpeed: '1.0',
        audioVoice: 'Amala',
      });
      // Everyone's choices stay open.
      expect((await patch({ audioSpeed: '1.0', audioVoice: 'Amala' })).status).toBe(200);

      await grant(user.email, 30);
      const allowed = await patch({ audioSpeed: '1.5', audioVoice: 'Florian' });
      expect(allowed.status).toBe(200);
      expect((await json(allowed)).profile.preferences).toMatchObject({
        audioSpeed: '1.5',
        audioVoice: 'Florian',
      });

      await revoke(user.email);
      const again = await patch({ audioSpeed: '0.7' });
      expect(again.status).toBe(403);
      expect((await json(again)).error.code).toBe('premium_required');
      expect((await preferences()).audioSpeed).toBe('1.5');
    },
  );

  it.skipIf(!available)(
    'rejects a queued premium-only preference change for good without blocking the batch',
    async () => {
      const user = await signUp(server, 'Queue');
      const send = async (operations: unknown[]) =>
        json(await call(user.cookie, 'POST', '/api/sync', { type: 'preferences', operations }));
      const first = await send([
        { id: 'prem-op-00000001', payload: { storyMode: 'focus' } },
        { id: 'prem-op-00000002', payload: { audioVoice: 'Florian', storyMode: 'lesson' } },
        { id: 'prem-op-00000003', payload: { audioSpeed: '1.0', autoPlayAudio: true } },
      ]);
      expect(first.results).toEqual([
        { id: 'prem-op-00000001', outcome: 'applied' },
        {
          id: 'prem-op-00000002',
          outcome: 'rejected',
          message: 'A premium membership is required for the Florian voice.',
        },
        { id: 'prem-op-00000003', outcome: 'applied' },
      ]);
      const { profile } = await json(await call(user.cookie, 'GET', '/api/profile'));
      expect(profile.preferences).toMatchObject({
        storyMode: 'focus',
        audioVoice: 'Amala',
        autoPlayAudio: true,
      });

      // The refused id was not recorded: once premium, the same operation applies.
      await grant(user.email, 30);
      const retried = await send([
        { id: 'prem-op-00000002', payload: { audioVoice: 'Florian', storyMode: 'lesson' } },
      ]);
      expect(retried.results).toEqual([{ id: 'prem-op-00000002', outcome: 'applied' }]);
      const after = await json(await call(user.cookie, 'GET', '/api/profile'));
      expect(after.profile.preferences).toMatchObject({
        storyMode: 'lesson',
        audioVoice: 'Florian',
      });
    },
  );

  it.skipIf(!available)(
    'serves the Florian files only to premium users, privately cached, with byte ranges; Amala stays public',
    async () => {
      const user = await signUp(server, 'Flora');
      for (const file of [florian, florianTimings, '/audio/1/DE-Florian.MP3']) {
        const signedOut = await server.app.request(file);
        expect(signedOut.status, file).toBe(401);
        expect((await json(signedOut)).error.code).toBe('unauthorized');
        const refused = await call(user.cookie, 'GET', file);
        expect(refused.status, file).toBe(403);
        expect(await json(refused)).toEqual({
          error: {
            code: 'premium_required',
            message: 'A premium membership is required for the Florian voice.',
          },
        });
      }

      const publicFile = await server.app.request(amala);
      expect(publicFile.status).toBe(200);
      expect(publicFile.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(
        (await server.app.request('/audio/1/de-amala.json')).headers.get('cache-control'),
      ).toBe('public, max-age=31536000, immutable');

      await grant(user.email, 30);
      const served = await call(user.cookie, 'GET', florian);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('audio/mpeg');
      expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const whole = new Uint8Array(await served.arrayBuffer());
      expect(whole.length).toBeGreaterThan(1000);

      const timings = await call(user.cookie, 'GET', florianTimings);
      expect(timings.status).toBe(200);
      expect(timings.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(typeof (await json(timings)).textHash).toBe('string');

      const ranged = await server.app.request(florian, {
        headers: { Cookie: user.cookie, Range: 'bytes=100-199' },
      });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
      expect(ranged.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(whole.slice(100, 200));

      await revoke(user.email);
      expect((await call(user.cookie, 'GET', florian)).status).toBe(403);
    },
  );
});
