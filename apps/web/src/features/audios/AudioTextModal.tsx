import type { InterfaceLanguage } from '@lesefuchs/core/i18n/languages';
import { X } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/LoadError';
import { currentLanguage } from '../../lib/i18n';
import { isPlayerOn, useAudioPlayer } from '../audio/player';
import { CategoryBadge, LevelBadge } from '../stories/StoryCard';
import { type StoryDetail, type StoryMeta, titleIn, useStory } from '../stories/stories-api';
import { germanTitle, PlayPauseButton } from './AudioListItem';
import '../../texts/audioList';

type TextLanguage = 'de' | 'en' | 'es' | 'kr';

/** The translation shown for the interface language: Spanish and Korean fall back to English. */
function translationOf(
  story: StoryDetail['story'],
  language: InterfaceLanguage,
): { language: TextLanguage; text: string } {
  if (language === 'es' && story.contentEs?.trim())
    return { language: 'es', text: story.contentEs };
  if (language === 'kr' && story.contentKr?.trim())
    return { language: 'kr', text: story.contentKr };
  return { language: 'en', text: story.contentEn ?? '' };
}

/**
 * A story's text over the audio list (spec 2 §2): German with a toggle to the learner's
 * language, difficulty, category and vocabulary count. A modal <dialog>: the browser keeps
 * focus inside and gives it back to the opener on close; Escape and a click on the backdrop
 * close it.
 */
export function AudioTextModal({
  story,
  onClose,
  onToggle,
}: {
  story: StoryMeta;
  onClose: () => void;
  onToggle: (story: StoryMeta, starting: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useStory(story.id);
  const [shown, setShown] = useState<'de' | 'translation'>('de');
  const language = currentLanguage();
  const title = germanTitle(story);
  const nativeTitle = titleIn(story, language);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // The browser returns focus on close; this covers an opener re-rendered meanwhile.
      if (opener?.isConnected && !element.contains(document.activeElement)) opener.focus();
    };
  }, []);

  const close = () => dialog.current?.close();
  const content = detail.data?.story;
  const translation = content ? translationOf(content, language) : null;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      data-testid="audio-text-modal"
      onClose={() => {
        // A close queued before a reopen (React's development double mount) is not a close.
        if (!dialog.current?.open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <header className="flex flex-col gap-3 border-stone-200 border-b p-4 sm:p-5 dark:border-stone-800">
          <div className="flex items-start gap-3">
            <AudioPlayButton story={story} onToggle={onToggle} />
            <div className="min-w-0 flex-1">
              <h2 id={`${id}-title`} className="font-semibold text-xl leading-snug" lang="de">
                {title}
              </h2>
              {nativeTitle && nativeTitle !== title && (
                <p className="text-sm text-stone-500 dark:text-stone-400">{nativeTitle}</p>
              )}
            </div>
            <button
              type="button"
              onClick={close}
              aria-label={t('audioList.text.close')}
              title={t('audioList.text.close')}
              className="rounded-full p-2 text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-orange-600 dark:text-stone-300 dark:hover:bg-stone-800"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LevelBadge level={story.difficulty} />
            <CategoryBadge category={story.category} />
            <span className="text-sm text-stone-500 dark:text-stone-400">
              {t('audioList.text.vocabulary', { count: story.vocabularyList.length })}
            </span>
            <fieldset className="ml-auto flex rounded-full border border-stone-300 p-0.5 dark:border-stone-700">
              <legend className="sr-only">{t('audioList.text.language')}</legend>
              <LanguageButton pressed={shown === 'de'} onClick={() => setShown('de')}>
                {t('audioList.text.german')}
              </LanguageButton>
              <LanguageButton
                pressed={shown === 'translation'}
                onClick={() => setShown('translation')}
              >
                {t(`languages.${translation?.language ?? language}`)}
              </LanguageButton>
            </fieldset>
          </div>
        </header>

        {/* The text scrolls on its own; keyboard users reach it to scroll with the arrow keys. */}
        <section
          aria-labelledby={`${id}-title`}
          tabIndex={0}
          className="min-h-0 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:outline-orange-600 focus-visible:-outline-offset-2 sm:p-5"
        >
          {detail.isPending ? (
            <p role="status" className="text-stone-600 dark:text-stone-300">
              {t('audioList.text.loading')}
            </p>
          ) : detail.isError ? (
            <LoadError
              message={t('audioList.text.loadError')}
              retryLabel={t('audioList.text.retry')}
              onRetry={() => void detail.refetch()}
            />
          ) : (
            <StoryText
              text={shown === 'de' ? (content?.contentDe ?? '') : (translation?.text ?? '')}
              language={shown === 'de' ? 'de' : (translation?.language ?? 'en')}
            />
          )}
        </section>
      </div>
    </dialog>
  );
}

function LanguageButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 ${pressed ? 'bg-orange-700 font-semibold text-white dark:bg-orange-400 dark:text-stone-950' : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800'}`}
    >
      {children}
    </button>
  );
}

/** The modal's play/pause: it alone follows the player, so the text does not re-render. */
function AudioPlayButton({
  story,
  onToggle,
}: {
  story: StoryMeta;
  onToggle: (story: StoryMeta, starting: boolean) => void;
}) {
  const player = useAudioPlayer();
  return (
    <PlayPauseButton
      story={story}
      state={isPlayerOn(player, story.id) ? player : null}
      onToggle={onToggle}
      className="h-11 w-11"
    />
  );
}

const StoryText = memo(function StoryText({
  text,
  language,
}: {
  text: string;
  language: TextLanguage;
}) {
  const { t } = useTranslation();
  if (!text.trim()) {
    return <p className="text-stone-600 dark:text-stone-300">{t('audioList.text.noContent')}</p>;
  }
  let offset = 0;
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const key = offset;
      offset += paragraph.length + 1;
      return { key, paragraph: paragraph.trim() };
    })
    .filter(({ paragraph }) => paragraph);
  return (
    <div lang={language === 'kr' ? 'ko' : language} className="text-lg leading-relaxed">
      {paragraphs.map(({ key, paragraph }) => (
        <p key={key} className="mb-4 last:mb-0">
          {paragraph}
        </p>
      ))}
    </div>
  );
});
