import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createMailer, linksOf } from '../src/mail/mailer.ts';
import {
  devMailbox,
  freshDatabase,
  json,
  mailedLink,
  pathOf,
  sessionCookie,
  startTestServer,
  type TestServer,
  targets,
  testServerFor,
} from './harness.ts';

describe.each(targets)(
  'e-mail confirmation and the dev mailbox on $name',
  ({ name, available }) => {
    const server = testServerFor(name, available);

    it.skipIf(!available)(
      'signs up without a session, refuses sign-in until the mailed link is opened',
      async () => {
        const email = `confirm-${name}@example.com`;
        const signUp = await server.app.request('/api/auth/sign-up/email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse battery', name: 'Mara' }),
        });
        expect(signUp.status).toBe(200);
        expect((await json(signUp)).token).toBeNull();

        const signIn = () =>
          server.app.request('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email, password: 'correct horse battery' }),
          });
        const refused = await signIn();
        expect(refused.status).toBe(403);
        expect((await json(refused)).code).toBe('EMAIL_NOT_VERIFIED');

        const mailbox = await json(await devMailbox(server, email));
        expect(mailbox.messages).toHaveLength(1);
        expect(mailbox.messages[0]).toMatchObject({
          to: email,
          subject: 'Confirm your Lesefuchs account',
        });
        expect(mailbox.messages[0].html).toContain('Confirm my e-mail');

        const link = await mailedLink(server, email);
        const confirmed = await server.app.request(pathOf(link));
        expect(confirmed.status).toBe(302);
        expect(sessionCookie(confirmed)).toContain('session_token=');
        expect((await signIn()).status).toBe(200);
      },
    );

    it.skipIf(!available)('mails a reset link and sets a new password with it', async () => {
      const email = `reset-${name}@example.com`;
      await server.app.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct horse battery', name: 'Jun' }),
      });
      await server.app.request(pathOf(await mailedLink(server, email)));
      const requested = await server.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, redirectTo: '/reset-password' }),
      });
      expect(requested.status).toBe(200);
      const link = await mailedLink(server, email);
      const landing = await server.app.request(pathOf(link));
      expect(landing.status).toBe(302);
      const token = new URL(landing.headers.get('location') as string, 'http://x').searchParams.get(
        'token',
      );
      expect(token).toBeTruthy();
      const reset = await server.app.request('/api/auth/reset-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token, newPassword: 'a new and longer secret' }),
      });
      expect(reset.status).toBe(200);
      const signIn = await server.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: 'a new and longer secret' }),
      });
      expect(signIn.status).toBe(200);
    });
  },
);

describe('the dev mailbox in production', () => {
  it('is not served', async () => {
    const database = await freshDatabase('pglite');
    const server = await startTestServer(database.config, { NODE_ENV: 'production' });
    try {
      const response = await devMailbox(server);
      expect(response.status).toBe(404);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});

describe('SMTP', () => {
  const received: { to: string[]; data: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('sends through SMTP_URL when it is set', async () => {
    const database = await freshDatabase('pglite');
    const handle = await openDatabase(database.config);
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: database.config.kind === 'pglite' ? database.config.dataDir : '',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Lesefuchs <hallo@lesefuchs.test>',
        AUTH_SECRET: 'x'.repeat(40),
      });
      const mailer = createMailer(config, handle.db, pino({ level: 'silent' }));
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Hallo',
        text: 'Hallo Ana https://x.test/a',
        html: '<p>Hallo</p>',
      });
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['ana@example.com']);
      expect(received[0]?.data).toContain('From: Lesefuchs <hallo@lesefuchs.test>');
      expect(received[0]?.data).toContain('Subject: Hallo');
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});

it('finds the links of an e-mail text', () => {
  expect(
    linksOf(
      'Open http://localhost:3000/api/auth/verify-email?token=a.b-c&callbackURL=/ now.\nOr https://x.test/y',
    ),
  ).toEqual([
    'http://localhost:3000/api/auth/verify-email?token=a.b-c&callbackURL=/',
    'https://x.test/y',
  ]);
});

describe.each(targets)('account rules on $name', ({ name, available }) => {
  const server = testServerFor(name, available);

  const signUp = (body: Record<string, unknown>) =>
    server.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse battery', ...body }),
    });

  it.skipIf(!available)(
    'enforces the nickname rules and uniqueness on the server, writing nothing',
    async () => {
      const first = await signUp({
        email: `sora-${name}@example.com`,
        name: '  Sora_K  ',
        nativeLanguage: 'kr',
      });
      expect(first.status).toBe(200);
      expect((await json(first)).user).toMatchObject({
        name: 'Sora_K',
        nativeLanguage: 'kr',
        targetLanguage: 'de',
      });

      const cases: [string, string][] = [
        ['ab', 'Nickname must be at least 3 characters'],
        ['Admin_Jo', 'This nickname contains restricted words. Please choose another.'],
        ['le__na', 'Nickname cannot contain two underscores or hyphens in a row'],
        ['SORA_K', 'This nickname is already taken. Please choose another.'],
        ['Sora_Kim', 'This nickname is already taken. Please choose another.'],
      ];
      for (const [nickname, message] of cases) {
        const response = await signUp({
          email: `${nickname.length}-${name}-x@example.com`,
          name: nickname,
        });
        expect(response.status, nickname).toBe(400);
        expect((await json(response)).message).toBe(message);
      }
      const wrongLanguage = await signUp({
        email: `fr-${name}@example.com`,
        name: 'Amelie',
        nativeLanguage: 'fr',
      });
      expect(wrongLanguage.status).toBe(400);
      const mailbox = await json(await devMailbox(server));
      expect(mailbox.messages.map((m: { to: string }) => m.to)).toEqual([
        `sora-${name}@example.com`,
      ]);
    },
  );

  it.skipIf(!available)(
    'limits confirmation resends per address: 30 s apart, with the spec message',
    async () => {
      const email = `limit-${name}@example.com`;
      await signUp({ email, name: 'Limitless' });
      const resend = () =>
        server.app.request('/api/auth/send-verification-email', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: email.toUpperCase(), callbackURL: '/' }),
        });
      expect((await resend()).status).toBe(200);
      const refused = await resend();
      expect(refused.status).toBe(429);
      expect((await json(refused)).message).toMatch(
        /^You are trying again too soon\. Please wait (30|29) seconds and try again\.$/,
      );

      const reset = () =>
        server.app.request('/api/auth/request-password-reset', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', redirectTo: '/reset-password' }),
        });
      expect((await reset()).status).toBe(200);
      expect((await reset()).status).toBe(429);
    },
  );
});
