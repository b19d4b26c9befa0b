import { useState } from 'react';

export interface MenuUser {
  name: string;
  email: string;
  image?: string | null;
}

/** The avatar, or the first letter of the name when there is no image or it fails to load. */
export function Avatar({ user, size = 36 }: { user: MenuUser; size?: number }) {
  const [failed, setFailed] = useState(false);
  const letter = (user.name || user.email).trim().charAt(0).toUpperCase() || '?';
  if (user.image && !failed) {
    return (
      <img
        src={user.image}
        alt=""
        width={size}
        height={size}
        onError={() => setFailed(true)}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden
      className="flex items-center justify-center rounded-full bg-orange-600 font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {letter}
    </span>
  );
}
