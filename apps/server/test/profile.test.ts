import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  freshDatabase,
  json,
  mailedLink,
  pathOf,
  signUp,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';

describe.each(targets)(
  'profile, preferences and account removal on $name',
  ({ name, available }) => {
    const server = testServerFor(name, available);

    const call = caller(server);

    it.skipIf(!available)(
      'reads the own profile with defaults, changes it, and refuses bad values writing nothing',
      async () => {
        const user = await signUp(server, 'Hana');
        const first = await json(await call(user.cookie, 'GET', '/api/profile'));
        expect(first.profile).toMatchObject({
          email: user.email,
          nickname: user.nickname,
          nativeLanguage: 'en',
          targetLanguage: 'de',
          userLevel: 'A2',
          avatarUrl: null,
        });
        expect(first.profile.preferences).toMatchObject({
          storyMode: 'normal',
          leechThreshold: 8,
          audioVoice: 'Amala',
        });

        const changed = await json(
          await call(user.cookie, 'PATCH', '/api/profile', {
            avatarUrl: '/avatars/space-comet.svg',
            userLevel: 'B1',
            nativeLanguage: 'ko',
          }),
        );
        expect(changed.profile).toMatchObject({
          avatarUrl: '/avatars/space-comet.svg',
          userLevel: 'B1',
          nativeLanguage: 'kr',
        });

        const bad = await call(user.cookie, 'PATCH', '/api/profile', {
          avatarUrl: 'https://example.com/me.png',
          userLevel: 'B2',
        });
        expect(bad.status).toBe(400);
        expect((await json(bad)).error).toMatchObject({
          code: 'validation_failed',
          message: 'avatarUrl: Invalid avatar URL',
        });
        const unknownField = await call(user.cookie, 'PATCH', '/api/profile', {
          userId: 'someone-else',
        });
        expect(unknownField.status).toBe(400);
        const after = await json(await call(user.cookie, 'GET', '/api/profile'));
        expect(after.profile).toMatchObject({
          avatarUrl: '/avatars/space-comet.svg',
          userLevel: 'B1',
        });

        const cleared = await json(
          await call(user.cookie, 'PATCH', '/api/profile', { avatarUrl: null }),
        );
        expect(cleared.profile.avatarUrl).toBeNull();
      },
    );

    it.skipIf(!available)(
      'merges preference changes, keeps them, refuses bad ones and resets',
      async () => {
        const user = await signUp(server, 'Pablo');
        await call(user.cookie, 'PATCH', '/api/profile/preferences', { storyMode: 'lesson' });
        const merged = await json(
          await call(user.cookie, 'PATCH', '/api/profile/preferences', {
            leechThreshold: 'never',
            audiosOpenTextOnPlay: true,
          }),
        );
        expect(merged.profile.preferences).toMatchObject({
          storyMode: 'lesson',
          leechThreshold: 'never',
          audiosOpenTextOnPlay: true,
        });
        expect(merged.profile.preferencesUpdatedAt).not.toBeNull();

        const bad = await call(user.cookie, 'PATCH', '/api/profile/preferences', {
          storyMode: 'dance',
        });
        expect(bad.status).toBe(400);
        expect((await json(bad)).error.message).toMatch(/^storyMode: /);
        expect(
          (await json(await call(user.cookie, 'GET', '/api/profile'))).profile.preferences
            .storyMode,
        ).toBe('lesson');

        const reset = await json(await call(user.cookie, 'DELETE', '/api/profile/preferences'));
        expect(reset.profile.preferences.storyMode).toBe('normal');
      },
    );

    it.skipIf(!available)(
      'applies queued preference changes from the sync endpoint, each once',
      async () => {
        const user = await signUp(server, 'Queue');
        const send = (operations: unknown[]) =>
          call(user.cookie, 'POST', '/api/sync', { type: 'preferences', operations });
        const first = await json(
          await send([
            { id: 'pref-op-00000001', payload: { storyMode: 'focus' } },
            { id: 'pref-op-00000002', payload: { storyMode: 'bogus' } },
            { id: 'pref-op-00000003', payload: { audiosOpenTextOnPlay: true } },
          ]),
        );
        expect(first.results.map((r: { outcome: string }) => r.outcome)).toEqual([
          'applied',
          'rejected',
          'applied',
        ]);
        const again = await json(
          await send([{ id: 'pref-op-00000001', payload: { storyMode: 'hyperfocus' } }]),
        );
        expect(again.results[0].outcome).toBe('duplicate');
        const { profile } = await json(await call(user.cookie, 'GET', '/api/profile'));
        expect(profile.preferences).toMatchObject({
          storyMode: 'focus',
          audiosOpenTextOnPlay: true,
        });
      },
    );

    it.skipIf(!available)(
      "cannot read or change another user's profile: every call is the session's own",
      async () => {
        const anna = await signUp(server, 'Anna');
        const ben = await signUp(server, 'Benno');
        await call(anna.cookie, 'PATCH', '/api/profile', { avatarUrl: '/avatars/fox-reader.svg' });
        await call(ben.cookie, 'PATCH', '/api/profile', {
          avatarUrl: '/avatars/alien-blip.svg',
          userId: anna.id,
        });
        await call(ben.cookie, 'PATCH', '/api/profile/preferences', { storyMode: 'focus' });
        const annas = await json(await call(anna.cookie, 'GET', '/api/profile'));
        expect(annas.profile).toMatchObject({ id: anna.id, avatarUrl: '/avatars/fox-reader.svg' });
        expect(annas.profile.preferences.storyMode).toBe('normal');
        expect((await server.app.request('/api/profile')).status).toBe(401);
      },
    );

    it.skipIf(!available)('lists the avatar catalogue and serves its pictures', async () => {
      const { avatars } = await json(await server.app.request('/api/profile/avatars'));
      expect(avatars).toHaveLength(11);
      const picture = await server.app.request(avatars[0].url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    });

    it.skipIf(!available)(
      'removes the account and leaves nothing of it in any table; the address can sign up again',
      async () => {
        const user = await signUp(server, 'Gone');
        await call(user.cookie, 'PATCH', '/api/profile/preferences', { storyMode: 'focus' });
        await server.app.request('/api/auth/request-password-reset', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: user.email, redirectTo: '/reset-password' }),
        });
        const removed = await call(user.cookie, 'POST', '/api/auth/delete-user', {
          password: 'correct horse battery',
        });
        expect(removed.status).toBe(200);

        const tables = (await server.database.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
        )) as unknown as { rows: { table_name: string }[] };
        const leftovers: string[] = [];
        for (const { table_name } of tables.rows) {
          const found = (await server.database.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${user.id}%`} or t::text ilike ${`%${user.email}%`}`,
          )) as unknown as { rows: { n: number }[] };
          if ((found.rows[0]?.n ?? 0) > 0) leftovers.push(table_name);
        }
        expect(leftovers).toEqual([]);

        const again = await server.app.request('/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            email: user.email,
            password: 'correct horse battery',
            name: user.nickname,
          }),
        });
        expect(again.status).toBe(200);
        expect(await mailedLink(server, user.email)).toContain('/api/auth/verify-email');
        expect(pathOf('http://x.test/a?b=1')).toBe('/a?b=1');
      },
    );
  },
);
