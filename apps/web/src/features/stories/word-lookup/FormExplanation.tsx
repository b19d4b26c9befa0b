import { useTranslation } from 'react-i18next';
import type { VocabularyEntry } from '../stories-api';
import type { WordInfo } from './word-info';

/**
 * One line on the form that was tapped: "weiß → wissen: 1st or 3rd person singular, present",
 * "Häuser → plural of das Haus", "holt … ab → abholen: a separable verb". Nothing for the
 * dictionary form itself.
 */
export function FormExplanation({ info, entry }: { info: WordInfo; entry: VocabularyEntry }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'kr' ? 'ko' : i18n.language;
  const written = info.text;
  const lemma = entry.word;
  if (info.separable) {
    return (
      <p className="text-stone-600 text-xs dark:text-stone-300" data-testid="word-form">
        {t('reader.lookup.separable', { written, lemma })}
      </p>
    );
  }
  const forms = info.form.map((tag) => t(`reader.lookup.forms.${tag}`));
  const same =
    written.toLocaleLowerCase('de') === entry.baseWord.toLocaleLowerCase('de') ||
    written.toLocaleLowerCase('de') === lemma.toLocaleLowerCase('de');
  if (forms.length === 0 && same) return null;
  return (
    <p className="text-stone-600 text-xs dark:text-stone-300" data-testid="word-form">
      {forms.length > 0
        ? t('reader.lookup.formOf', {
            written,
            lemma,
            form: new Intl.ListFormat(locale, { type: 'disjunction' }).format(forms),
          })
        : t('reader.lookup.formOfPlain', { written, lemma })}
    </p>
  );
}
