import { interfaceLanguageForNative } from '@lesefuchs/core/i18n/languages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/session';

/**
 * Signed in, the interface language follows the profile's native language (spec 1 §4): es gives
 * Spanish, ko or kr Korean, anything else English. Signed out, detection decides.
 */
export function LanguageFromProfile() {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  const native = (user as { nativeLanguage?: string } | null)?.nativeLanguage;
  useEffect(() => {
    if (!native) return;
    const language = interfaceLanguageForNative(native);
    if (i18n.resolvedLanguage !== language) void i18n.changeLanguage(language);
  }, [native, i18n]);
  return null;
}
