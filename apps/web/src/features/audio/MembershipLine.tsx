import { dateTimeFormat } from '@lesefuchs/core/intl';
import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../lib/i18n';
import { useMembership } from './membership';
import '../../texts/audio';

/** The learner's membership in a line: premium and until when, or the free plan. */
export function MembershipLine() {
  const { t } = useTranslation();
  const membership = useMembership();
  if (membership.isLoading) return null;
  const until = membership.expiresAt
    ? dateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(
        new Date(membership.expiresAt),
      )
    : null;
  return (
    <p
      className="inline-flex items-center gap-1.5 text-sm text-stone-600 dark:text-stone-300"
      data-testid="membership"
    >
      <Crown
        aria-hidden
        size={14}
        className={membership.isPremium ? 'text-amber-600 dark:text-amber-300' : 'text-stone-400'}
      />
      {membership.isPremium
        ? until
          ? t('audio.membership.premiumUntil', { date: until })
          : t('audio.membership.premium')
        : t('audio.membership.free')}
    </p>
  );
}
