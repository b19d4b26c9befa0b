import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AVATARS, avatarById, validateAvatarUrl } from './avatars.ts';

describe('avatar catalogue', () => {
  it('has 11 avatars with unique ids, two premium Food ones, each with its file', () => {
    expect(AVATARS).toHaveLength(11);
    expect(new Set(AVATARS.map((a) => a.id)).size).toBe(11);
    expect(AVATARS.filter((a) => a.premium).map((a) => a.category)).toEqual(['Food', 'Food']);
    for (const avatar of AVATARS) {
      expect(
        existsSync(path.resolve(import.meta.dirname, '../../../content', avatar.url.slice(1))),
        avatar.url,
      ).toBe(true);
    }
  });
  it('accepts only catalogue URLs, and null to clear', () => {
    expect(validateAvatarUrl('/avatars/fox-reader.svg')).toEqual({
      ok: true,
      url: '/avatars/fox-reader.svg',
    });
    expect(validateAvatarUrl(null)).toEqual({ ok: true, url: null });
    expect(validateAvatarUrl('https://evil.example/x.svg')).toEqual({
      ok: false,
      message: 'Invalid avatar URL',
    });
  });
  it('finds by id or says it is not found', () => {
    expect(avatarById('space-comet')).toMatchObject({ ok: true });
    expect(avatarById('dragon')).toEqual({ ok: false, message: 'Avatar not found' });
  });
});
