import i18n from 'i18next';
import { COMMUNITY_NAMESPACE } from '../../lib/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import kr from './locales/kr.json';

// The community's texts come with its code (the boards, profiles and collections, the share
// dialog of the vocabulary screen, the settings' switch), not with the first page of the app.
// They live in a namespace of their own, which i18next falls back to (lib/i18n.ts), so they
// are written `t('community.…')` like every other text; a namespace of their own also keeps
// them from counting as the main texts of Spanish or Korean, which load on their own.
for (const [language, texts] of [
  ['en', en],
  ['es', es],
  ['kr', kr],
] as const) {
  i18n.addResourceBundle(language, COMMUNITY_NAMESPACE, { community: texts }, true, true);
}
