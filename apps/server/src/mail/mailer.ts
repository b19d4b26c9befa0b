import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { devMailbox } from '../db/schema/index.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: through SMTP when SMTP_URL is set, else into the dev mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(email: Email): Promise<void>;
}

/** The links of a text, in order, for the dev mailbox and its log line. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

export function createMailer(config: Config, db: Database, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(email) {
        await transport.sendMail({ from: config.mailFrom, ...email });
        logger.info({ to: email.to, subject: email.subject }, 'e-mail sent');
      },
    };
  }
  return {
    kind: 'dev-mailbox',
    async send(email) {
      const links = linksOf(email.text);
      await db.insert(devMailbox).values({ ...email, links });
      // The embedded default has no mail server: the log shows the link to click.
      logger.info(
        { to: email.to, subject: email.subject, links },
        'e-mail stored in the dev mailbox',
      );
    },
  };
}

/** The stored e-mails, newest first, optionally for one address. */
export async function listDevMailbox(db: Database, to?: string) {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(100);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
  }));
}
