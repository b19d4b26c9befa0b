import { AVATAR_MESSAGES, AVATARS } from '@lesefuchs/core';
import { APIError } from 'better-auth/api';

/**
 * Whether a user's picture may be stored: none, one of our avatars, or a Google profile picture
 * (https on googleusercontent.com, the only other image origin the CSP allows). Anything else
 * (another site's tracking pixel, `javascript:`, a megabyte of text) is not a picture of ours.
 */
export function isAllowedUserImage(image: unknown): boolean {
  if (image === null || image === undefined) return true;
  if (typeof image !== 'string' || image.length > 2_048) return false;
  if (AVATARS.some((avatar) => avatar.url === image)) return true;
  try {
    const url = new URL(image);
    return url.protocol === 'https:' && url.hostname.endsWith('.googleusercontent.com');
  } catch {
    return false;
  }
}

/** The picture of an update (better-auth's update-user), or a 400 with the avatar text. */
export function checkedUserImage(image: unknown): void {
  if (!isAllowedUserImage(image)) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_AVATAR',
      message: AVATAR_MESSAGES.invalidUrl,
    });
  }
}
