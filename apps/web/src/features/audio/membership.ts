import { isPremium } from '@lesefuchs/core/membership/membership';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useRealtimeEvent } from '../../lib/realtime';
import { useDeviceUser } from '../../lib/use-device-user';

// The learner's membership (spec 2 §3, §4 "Membership", §7): asked of the server, kept on the
// device with the time it was fetched so the app knows it offline, and asked again when the
// server says it changed. Premium is worked out here from the status and the expiry, so an
// expiry that passes while offline counts at once. Guests are never premium.

export type MembershipStatus = 'trial' | 'active' | 'grace' | 'none';

/** The device's copy (spec 2 §3 "Membership"). */
interface StoredMembership {
  isPremium: boolean;
  subscriptionStatus: MembershipStatus;
  premiumExpiresAt: string | null;
  fetchedAt: number;
}

interface MembershipAnswer {
  is_premium: boolean;
  subscription_status: MembershipStatus;
  premium_expires_at: string | null;
}

/**
 * How long the device's copy counts as fresh while online: a page that opens (or reloads) later
 * asks the server, so a grant or a revoke shows within seconds even without the change event.
 * Offline the copy is used whatever its age.
 */
const MEMBERSHIP_STALE_MS = 5_000;
const storageKey = (userId: string) => `lesefuchs.membership.${userId}`;

export const membershipKeys = { mine: (userId: string) => ['membership', userId] as const };

function readStored(userId: string): StoredMembership | undefined {
  try {
    return JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

async function fetchMembership(userId: string): Promise<StoredMembership> {
  const answer = await api<MembershipAnswer>('/api/membership');
  const stored: StoredMembership = {
    isPremium: answer.is_premium,
    subscriptionStatus: answer.subscription_status,
    premiumExpiresAt: answer.premium_expires_at,
    fetchedAt: Date.now(),
  };
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the answer still counts for this visit.
  }
  return stored;
}

export interface Membership {
  isPremium: boolean;
  status: MembershipStatus;
  expiresAt: string | null;
  isLoading: boolean;
}

/**
 * The server's "membership changed" event: every page's copy is asked again at once, whether or
 * not the open page shows the membership. Mounted once behind every page (audio/AudioSync).
 */
export function useMembershipEvents(): void {
  const client = useQueryClient();
  useRealtimeEvent('membership', () => {
    void client.invalidateQueries({ queryKey: ['membership'] });
  });
}

/** The signed-in learner's membership; a guest's is 'none'. */
export function useMembership(): Membership {
  // Offline, the user last signed in on this device keeps the membership stored for them.
  const { userId: deviceUser, offline } = useDeviceUser();
  const userId = deviceUser ?? undefined;
  const query = useQuery({
    queryKey: membershipKeys.mine(userId ?? 'signed-out'),
    queryFn: () => fetchMembership(userId ?? ''),
    enabled: Boolean(userId) && !offline,
    initialData: () => (userId ? readStored(userId) : undefined),
    initialDataUpdatedAt: () => (userId ? readStored(userId)?.fetchedAt : undefined),
    staleTime: MEMBERSHIP_STALE_MS,
  });
  const data = userId ? query.data : undefined;
  const status = data?.subscriptionStatus ?? 'none';
  const expiresAt = data?.premiumExpiresAt ?? null;
  return {
    isPremium: data ? isPremium({ status, expiresAt }) : false,
    status,
    expiresAt,
    isLoading: Boolean(userId) && query.isPending,
  };
}
