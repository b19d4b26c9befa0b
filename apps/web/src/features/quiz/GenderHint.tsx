import { ARTICLE_OF, type Gender } from '@lesefuchs/core/content/taxonomy';
import { genderRuleFor } from '@lesefuchs/core/quiz/gender-rules';
import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import '../../texts/quiz';

/** After a wrong gender answer: the ending's rule, when one applies, and how far to trust it. */
export function GenderHint({ noun, gender }: { noun: string; gender: Gender }) {
  const { t } = useTranslation();
  const found = genderRuleFor(noun, gender);
  if (!found) return null;
  const { rule, follows } = found;
  const article = ARTICLE_OF[rule.gender];
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 text-sm dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="quiz-gender-hint"
    >
      <Lightbulb aria-hidden size={18} className="mt-0.5 shrink-0" />
      <span>
        {t('quiz.genderRule', {
          suffix: `-${rule.suffix}`,
          article,
          reliability: rule.reliability,
        })}{' '}
        {follows ? '' : t('quiz.genderException', { word: `${ARTICLE_OF[gender]} ${noun}` })}
        {follows && rule.exception ? t('quiz.genderExample', { exception: rule.exception }) : ''}
      </span>
    </p>
  );
}
