import { CARD_COUNT_INPUTS, type GetCardsOutcome } from '@lesefuchs/core/srs/card-inputs';
import { parseFlashcardDeck } from '@lesefuchs/core/srs/decks';
import { type AutoSpeed, autoSpeedOf } from '@lesefuchs/core/srs/gestures';
import { queueCards } from '@lesefuchs/core/srs/live-queue';
import { previewIntervals } from '@lesefuchs/core/srs/preview';
import { SRS_BATCH } from '@lesefuchs/core/srs/quota';
import type { Rating } from '@lesefuchs/core/srs/scheduler';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, currentLocale } from '../../lib/i18n';
import { useOnline } from '../../lib/online';
import { useMediaQuery } from '../../lib/use-media-query';
import { usePreferences } from '../profile/preferences-store';
import { useProfileQuery } from '../profile/profile-queries';
import { useStreakMoment } from '../stats/use-streak-moment';
import { savedWordsOf, useSavedWords } from '../vocabulary/saved-words-store';
import { AutoPlayer } from './AutoPlayer';
import { CardActions } from './CardActions';
import { DeckPicker, deckLabel } from './DeckPicker';
import { type Direction, FlashcardCardView, type NativeLanguage } from './FlashcardCardView';
import { flashcardKeys, useQuotaQuery, useSavedWordCardsQuery } from './flashcards-api';
import { GetCardsForm } from './GetCardsForm';
import { OptionsPanel } from './OptionsPanel';
import { sessionSummary, wordsNotYetCards } from './practice';
import { RatingButtons } from './RatingButtons';
import { SavedWordsOffer } from './SavedWordsOffer';
import { SessionControls, type StudyMode } from './SessionControls';
import { SessionSummary } from './SessionSummary';
import { StudyCounters } from './StudyCounters';
import { StudyEmpty } from './StudyEmpty';
import { StudyNotices } from './StudyNotices';
import { readDeck, writeDeck } from './session-store';
import { emitStudyEvent } from './study-events';
import { currentCard, dropCard, type StudyCard, schedulable, studyCounts } from './study-state';
import { useGetCards } from './use-get-cards';
import { useSchedulerSettings } from './use-scheduler-settings';
import { useStudy } from './use-study';
import { useStudyKeys } from './use-study-keys';
import { usePendingReviewCount, useStudyTimers } from './use-study-timers';
import '../../texts/flashcards';

/** The flashcard session of a signed-in learner (spec 3 §2): controls, counters, the card. */
export function StudySession({
  userId,
  sessionUnreachable,
}: {
  userId: string;
  sessionUnreachable: boolean;
}) {
  const { t } = useTranslation();
  const profile = useProfileQuery(userId);
  const { preferences } = usePreferences(userId, profile.data?.preferences);
  // Meanings in the interface language, which follows the profile's native language (as the
  // reading screens do).
  const language: NativeLanguage = currentLanguage();
  const client = useQueryClient();
  const saved = useSavedWords();
  const words = saved.owner === userId ? saved.words : savedWordsOf(userId);
  const hasSavedWords = words.length > 0;
  const [deck, setDeck] = useState(() =>
    readDeck(userId, preferences.flashcardsDefaultDeck, hasSavedWords),
  );
  const [mode, setMode] = useState<StudyMode>('normal');
  const [speed, setSpeed] = useState<AutoSpeed>(() => autoSpeedOf(preferences.flashcardsAutoSpeed));
  const [paused, setPaused] = useState(false);
  const [direction, setDirection] = useState<Direction>('toNative');
  const [revealed, setRevealed] = useState(false);
  const online = useOnline();
  const settings = useSchedulerSettings(userId);
  const study = useStudy(userId, deck, settings);
  useStudyTimers(study, userId, online);
  const pending = usePendingReviewCount(userId);
  const quota = useQuotaQuery(userId);
  const getCards = useGetCards(study, userId);
  const savedCards = useSavedWordCardsQuery(userId);
  const notYetCards = savedCards.data ? wordsNotYetCards(words, savedCards.data.carded).length : 0;
  const [making, setMaking] = useState<'idle' | 'switching' | 'busy'>('idle');
  const [makeError, setMakeError] = useState<string | null>(null);
  const [summaryNotice, setSummaryNotice] = useState<string | null>(null);
  const cardRef = useRef<HTMLElement>(null);
  const narrow = useMediaQuery('(max-width: 639px)');
  const [optionsOpen, setOptionsOpen] = useState(() => !study.state.session);
  const deckSummary = deckLabel(deck, t);
  const graded = useRef(false);
  // A grade that was the day's first activity: the summary shows the streak moment.
  const { note: noteActivity, days: streakDays } = useStreakMoment(userId);

  // The card on screen, kept until it is graded or leaves the queue (see currentCard).
  const shown = useRef<StudyCard['id'] | null>(null);
  const card = currentCard(study.state, study.now, shown.current);
  shown.current = card?.id ?? null;
  const counts = studyCounts(study.state, study.now);
  const previews = useMemo(
    () => previewIntervals(card && schedulable(card), study.now, settings, currentLocale()),
    [card, study.now, settings, language],
  );

  // A new card starts on its question.
  const cardId = card?.id ?? null;
  const [shownId, setShownId] = useState(cardId);
  if (shownId !== cardId) {
    setShownId(cardId);
    setRevealed(false);
  }

  // For the paint-time benchmark: "flashcard-painted" in the frame that shows the next card.
  useLayoutEffect(() => {
    if (!graded.current) return;
    graded.current = false;
    requestAnimationFrame(() => performance.mark('flashcard-painted'));
    if (!document.activeElement || document.activeElement === document.body)
      cardRef.current?.focus({ preventScroll: true });
  }, [study.state]);

  const rate = useCallback(
    (rating: Rating) => {
      if (!card || !revealed) return;
      graded.current = true;
      noteActivity();
      study.grade(card, rating);
    },
    [card, revealed, study.grade, noteActivity],
  );
  const reveal = useCallback(() => setRevealed(true), []);
  useStudyKeys(mode === 'normal' && card !== null, revealed, reveal, rate);

  const changeMode = (next: StudyMode) => {
    // Changing the mode resets the index, the reveal state and the pause (§2).
    setMode(next);
    setRevealed(false);
    setPaused(false);
  };
  const changeDeck = (next: string) => {
    emitStudyEvent('deck-switch', { from: deck, to: next });
    writeDeck(userId, next);
    setDeck(next);
  };
  const onGetCards = async (counts: {
    newCount: number;
    reviewCount: number;
  }): Promise<GetCardsOutcome> => {
    const outcome = await getCards(counts);
    if (outcome.cards > 0) setOptionsOpen(false);
    if (outcome.created > 0)
      void client.invalidateQueries({ queryKey: flashcardKeys.savedWords(userId) });
    requestAnimationFrame(() => cardRef.current?.focus({ preventScroll: true }));
    return outcome;
  };

  // Saved words the learner has but that are not cards yet become cards in one tap: Get Cards
  // on the saved words (switching to that deck first, once it has loaded) and study them.
  const makeSavedCards = async () => {
    setMaking('busy');
    setMakeError(null);
    try {
      await onGetCards({ newCount: SRS_BATCH.new, reviewCount: CARD_COUNT_INPUTS.review.default });
    } catch (error) {
      setMakeError(
        t('flashcards.getCards.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setMaking('idle');
    }
  };
  const makeRef = useRef(makeSavedCards);
  makeRef.current = makeSavedCards;
  const offerCards = () => {
    if (making !== 'idle') return;
    if (parseFlashcardDeck(deck).savedOnly) void makeSavedCards();
    else {
      setMaking('switching');
      changeDeck('saved');
    }
  };
  useEffect(() => {
    if (making !== 'switching' || study.state.deck !== deck) return;
    if (study.load === 'ready') void makeRef.current();
    else if (study.load !== 'loading') setMaking('idle');
  }, [making, deck, study.state.deck, study.load]);

  // A learner whose saved words arrive after the page opened (a first visit on this device)
  // opens on them too, unless a deck is already in use.
  const opened = useRef({ deck, hasSavedWords });
  useEffect(() => {
    if (!hasSavedWords || opened.current.hasSavedWords || study.state.session) return;
    opened.current.hasSavedWords = true;
    const next = readDeck(userId, preferences.flashcardsDefaultDeck, true);
    if (next !== deck) setDeck(next);
  }, [hasSavedWords, study.state.session, userId, preferences.flashcardsDefaultDeck, deck]);

  const studyMore = async () => {
    if (notYetCards > 0) {
      offerCards();
      return;
    }
    setSummaryNotice(null);
    setMaking('busy');
    try {
      const outcome = await onGetCards({
        newCount: CARD_COUNT_INPUTS.new.default,
        reviewCount: CARD_COUNT_INPUTS.review.default,
      });
      if (outcome.cards === 0)
        setSummaryNotice(
          t(
            outcome.vocabularyLeft ? 'flashcards.getCards.noneNow' : 'flashcards.getCards.noneLeft',
          ),
        );
    } catch (error) {
      setSummaryNotice(
        t('flashcards.getCards.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setMaking('idle');
    }
  };
  const summary =
    mode === 'auto' || card || study.load !== 'ready' ? null : sessionSummary(study.state);

  return (
    // The tour waits until the screen has loaded: a card's steps need the card.
    <div
      className="flex flex-col gap-5"
      data-tour={study.load === 'loading' ? undefined : 'flashcards'}
    >
      {notYetCards > 0 && mode === 'normal' && (
        <SavedWordsOffer
          count={notYetCards}
          busy={making !== 'idle'}
          error={makeError}
          onMake={offerCards}
        />
      )}
      <OptionsPanel
        foldable={narrow}
        open={optionsOpen}
        onOpen={setOptionsOpen}
        summary={deckSummary}
      >
        <SessionControls
          mode={mode}
          onMode={changeMode}
          speed={speed}
          onSpeed={setSpeed}
          paused={paused}
          onPause={setPaused}
          direction={direction}
          onDirection={setDirection}
          language={language}
        />
        <div data-tour="flashcard-decks">
          <DeckPicker deck={deck} onChange={changeDeck} />
        </div>
        <div data-tour="flashcard-get">
          <GetCardsForm onGetCards={onGetCards} />
        </div>
        {quota.data && (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {t('flashcards.quota', { count: quota.data.quota.remaining_new_cards })}
          </p>
        )}
      </OptionsPanel>

      <StudyNotices
        offline={!online || sessionUnreachable}
        pending={pending}
        gradeError={study.gradeError}
        onDismiss={study.dismissGradeError}
      />
      {/* At the summary, cards still learning would read as work left over: the summary says
          when the next one is due instead. */}
      {counts.inSession > 0 && !summary && (
        <div data-tour="flashcard-progress">
          <StudyCounters counts={counts} />
        </div>
      )}

      {mode === 'auto' ? (
        <AutoPlayer
          key={`${mode}-${deck}`}
          cards={[...queueCards(study.state.live), ...study.state.pool]}
          speed={speed}
          paused={paused}
          direction={direction}
          language={language}
        />
      ) : card ? (
        <div className="flex flex-col gap-4" data-tour="flashcard">
          <FlashcardCardView
            key={card.id}
            card={card}
            direction={direction}
            language={language}
            revealed={revealed}
            onReveal={reveal}
            onRate={rate}
            cardRef={cardRef}
            onUnavailable={() => study.update((s) => dropCard(s, card.id, new Date()))}
          />
          <div data-tour="flashcard-grades">
            <RatingButtons
              revealed={revealed}
              previews={previews}
              onReveal={reveal}
              onRate={rate}
            />
          </div>
          <CardActions card={card} onSuspend={study.suspend} />
        </div>
      ) : summary ? (
        <SessionSummary
          summary={summary}
          streakDays={streakDays}
          language={language}
          busy={making !== 'idle'}
          notice={summaryNotice}
          onStudyMore={() => void studyMore()}
        />
      ) : (
        <StudyEmpty
          load={study.load}
          state={study.state}
          now={study.now}
          answered={study.state.session?.sessionStats.cardsAnswered ?? 0}
          onRetry={study.retryLoad}
        />
      )}
    </div>
  );
}
