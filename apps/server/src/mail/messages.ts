import { escapeHtml } from '../http/html.ts';
import type { Email } from './mailer.ts';

const escape = escapeHtml;

function layout(heading: string, body: string, action: string, url: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:32rem;margin:auto;padding:1.5rem">
<h1 style="color:#c2410c;font-size:1.4rem">${escape(heading)}</h1>
<p>${escape(body)}</p>
<p><a href="${escape(url)}" style="display:inline-block;background:#c2410c;color:#fff;padding:.7rem 1.2rem;border-radius:999px;text-decoration:none">${escape(action)}</a></p>
<p style="color:#57534e;font-size:.9rem">${escape(url)}</p>
</body></html>`;
}

/** The confirmation e-mail sent after sign-up. */
export function confirmationEmail(to: string, name: string, url: string): Email {
  const body = `Hallo ${name}! Please confirm your e-mail address to activate your Lesefuchs account. The link is valid for one hour.`;
  return {
    to: to.toLowerCase(),
    subject: 'Confirm your Lesefuchs account',
    text: `${body}\n\n${url}\n\nIf you did not sign up, ignore this e-mail.`,
    html: layout('Welcome to Lesefuchs', body, 'Confirm my e-mail', url),
  };
}

/** The password-reset e-mail. */
export function passwordResetEmail(to: string, url: string): Email {
  const body =
    'Someone asked to reset the password of your Lesefuchs account. The link is valid for one hour.';
  return {
    to: to.toLowerCase(),
    subject: 'Reset your Lesefuchs password',
    text: `${body}\n\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: layout('Reset your password', body, 'Choose a new password', url),
  };
}
