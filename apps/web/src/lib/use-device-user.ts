import { useAuth } from './session';

// Whose data this device works with. When the session check itself cannot reach the server
// (offline, a reload with the network cut), the user last seen signed in on this device goes
// on working from the device — reading, studying from the saved flashcard queue, counting
// listens, keeping their membership — and their changes wait in the queues; a server that
// answers "signed out" ends that (lib/session.ts keeps the device's copy).

export type DeviceUser =
  | { status: 'checking'; userId: null; offline: false }
  | { status: 'signed-out'; userId: null; offline: false }
  | { status: 'signed-in'; userId: string; offline: boolean };

export function useDeviceUser(): DeviceUser {
  const { status, user, offline } = useAuth();
  if (user) return { status: 'signed-in', userId: user.id, offline };
  return status === 'checking'
    ? { status: 'checking', userId: null, offline: false }
    : { status: 'signed-out', userId: null, offline: false };
}
