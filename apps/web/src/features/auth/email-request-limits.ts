import {
  type EmailRequestKind,
  type EmailRequestVerdict,
  emailRequestVerdict,
} from '@lesefuchs/core/validation/email-requests';

// The client side of the per-address limits (spec 1 §5): the same rule the server applies,
// checked before a request so the user hears at once why nothing was sent.
const key = (kind: EmailRequestKind, email: string) =>
  `lesefuchs.emailRequests.${kind}.${email.trim().toLowerCase()}`;

function read(kind: EmailRequestKind, email: string): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key(kind, email)) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((value): value is number => typeof value === 'number')
      : [];
  } catch {
    return [];
  }
}

export function checkEmailRequest(
  kind: EmailRequestKind,
  email: string,
  now = Date.now(),
): EmailRequestVerdict {
  return emailRequestVerdict(read(kind, email), now);
}

export function recordEmailRequest(kind: EmailRequestKind, email: string, now = Date.now()): void {
  const recent = read(kind, email).filter((at) => now - at < 86_400_000);
  localStorage.setItem(key(kind, email), JSON.stringify([...recent, now]));
}
