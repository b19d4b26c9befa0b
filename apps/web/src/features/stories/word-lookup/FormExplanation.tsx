import { listFormat } from '@lesefuchs/core/intl';
import type { FormTag } from '@lesefuchs/core/text/form-tags';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { VocabularyEntry } from '../stories-api';
import type { WordInfo } from './word-info';
import '../../../texts/reader';

const TENSE_PERSON = /^(pres|past)([123][sp])$/;

/**
 * The readings of a form in words: the persons of one tense together ("present tense, 1st person
 * singular or 3rd person singular"), every other tag on its own ("plural", "past participle").
 */
export function describeForm(
  tags: readonly FormTag[],
  t: TFunction,
  list: (items: string[]) => string,
): string {
  const persons = new Map<string, string[]>();
  const others: string[] = [];
  for (const tag of tags) {
    const match = TENSE_PERSON.exec(tag);
    if (match) {
      const [, tense, person] = match as unknown as [string, string, string];
      persons.set(tense, [
        ...(persons.get(tense) ?? []),
        t(`reader.lookup.forms.person.${person}`),
      ]);
    } else {
      others.push(t(`reader.lookup.forms.tag.${tag}`));
    }
  }
  const readings = [
    ...[...persons].map(([tense, labels]) =>
      t('reader.lookup.forms.tenseForm', {
        tense: t(`reader.lookup.forms.tense.${tense}`),
        persons: list(labels),
      }),
    ),
    ...others,
  ];
  return list(readings);
}

/**
 * One line on the form that was tapped: "weiß → wissen: present tense, 1st person singular or
 * 3rd person singular", "Häuser → das Haus: plural", "holt … ab → abholen: a separable verb".
 * Nothing for the dictionary form itself.
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
  const lower = written.toLocaleLowerCase('de');
  const same =
    lower === entry.baseWord.toLocaleLowerCase('de') || lower === lemma.toLocaleLowerCase('de');
  if (info.form.length === 0 && same) return null;
  const list = (items: string[]) => listFormat(locale, { type: 'disjunction' }).format(items);
  return (
    <p className="text-stone-600 text-xs dark:text-stone-300" data-testid="word-form">
      {info.form.length > 0
        ? t('reader.lookup.formOf', { written, lemma, form: describeForm(info.form, t, list) })
        : t('reader.lookup.formOfPlain', { written, lemma })}
    </p>
  );
}
