import { DEFAULT_SRS_SETTINGS } from '@lesefuchs/core/srs/scheduler';
import { SESSION_RULES } from '@lesefuchs/core/srs/session';
import { describe, expect, it } from 'vitest';
import { sessionSummary, wordsNotYetCards } from './practice';
import {
  applyGrade,
  applyServerCard,
  currentCard,
  type StudyState,
  startStudy,
  studyCounts,
} from './study-state';
import { testCard } from './test-cards';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const MINUTE = 60_000;

function session(count: number): StudyState {
  return startStudy({
    deck: 'saved',
    userId: 'u1',
    sessionId: 's1',
    cards: {
      learning: [],
      review: [],
      new: Array.from({ length: count }, (_, i) => testCard(i + 1, 'new', NOW.toISOString())),
    },
    studyParams: {
      newCardsTarget: SESSION_RULES.newCardsTarget,
      reviewCardsTarget: SESSION_RULES.reviewCardsTarget,
      options: { includeLeeches: false, includeSuspended: false },
    },
    stableNewIds: [],
    shuffle: (items) => [...items],
    now: NOW,
  });
}

/** Answers every card due now, in order, with the ratings given (then good). */
function answerAll(state: StudyState, ratings: ('again' | 'good' | 'easy')[], at: Date) {
  let current = state;
  let i = 0;
  for (let card = currentCard(current, at); card; card = currentCard(current, at)) {
    current = applyGrade(current, card, ratings[i] ?? 'good', at, DEFAULT_SRS_SETTINGS).state;
    i += 1;
  }
  return current;
}

describe('saved words that are not cards yet', () => {
  const words = [
    { vocabularyId: 1 },
    { vocabularyId: 2 },
    { vocabularyId: 3 },
    { vocabularyId: 4 },
  ];

  it('are the saved words without a card, from the same list the saved words are counted in', () => {
    expect(wordsNotYetCards(words, [])).toHaveLength(4);
    expect(wordsNotYetCards(words, [2, 4]).map((word) => word.vocabularyId)).toEqual([1, 3]);
    // A card of a word no longer saved changes nothing; every saved word is a card or not.
    const notYet = wordsNotYetCards(words, [2, 99]);
    expect(notYet).toHaveLength(3);
    expect(notYet.length + words.filter((w) => [2, 99].includes(w.vocabularyId)).length).toBe(
      words.length,
    );
  });

  it('count a word saved twice (a pending save beside the server’s copy) once', () => {
    expect(wordsNotYetCards([...words, { vocabularyId: 1 }], [])).toHaveLength(4);
  });
});

describe('the counters and the summary agree', () => {
  it('after every card was answered once: x of y is all of them, the rest is what comes back', () => {
    // 14 cards: 12 good (back in learning in 10 minutes), 2 easy (review in 4 days).
    const ratings = [...Array(12).fill('good'), 'easy', 'easy'] as const;
    const done = answerAll(session(14), [...ratings], NOW);
    const counts = studyCounts(done, NOW);
    expect(counts).toEqual({ new: 0, learning: 12, review: 0, done: 14, inSession: 14 });
    expect(currentCard(done, NOW)).toBeNull();
    const summary = sessionSummary(done);
    expect(summary).toMatchObject({ studied: 14, right: 14, wrong: 0 });
    expect(summary?.words).toHaveLength(14);
    // The first learning card comes back after the 10-minute step.
    expect(summary?.nextDueAt).toBe(NOW.getTime() + 10 * MINUTE);
  });

  it('counts again as wrong, a card answered twice once as studied, and the time taken', () => {
    let state = answerAll(session(3), ['again', 'good', 'good'], NOW);
    // The card answered again is due in a minute: answering it then is a second answer.
    const later = new Date(NOW.getTime() + 2 * MINUTE);
    const again = currentCard(state, later);
    expect(again?.id).toBe(1);
    if (again) state = applyGrade(state, again, 'good', later, DEFAULT_SRS_SETTINGS).state;
    const summary = sessionSummary(state);
    expect(summary).toMatchObject({ studied: 3, right: 3, wrong: 1, durationMs: 2 * MINUTE });
    expect(studyCounts(state, later)).toMatchObject({ done: 3, inSession: 3 });
  });

  it('is nothing before the first answer', () => {
    expect(sessionSummary(session(3))).toBeNull();
    expect(sessionSummary({ ...session(3), session: null })).toBeNull();
  });
});

describe('a card with its story sentence', () => {
  it('keeps the sentence when the review answers the card without it', () => {
    const context = {
      sentence: 'Tom hat einen großen Koffer.',
      marks: [[21, 27]] as [number, number][],
      story_id: 1,
      story_title: 'Der Zug nach Hamburg',
      text_from: 100,
      audio_url_de: '/audio/1/de-amala.mp3',
      audio_url_de_2: null,
    };
    const card = testCard(1, 'new', NOW.toISOString(), { context });
    const state = startStudy({
      deck: 'saved',
      userId: 'u1',
      sessionId: 's1',
      cards: { learning: [], review: [], new: [card] },
      studyParams: {
        newCardsTarget: 20,
        reviewCardsTarget: 50,
        options: { includeLeeches: false, includeSuspended: false },
      },
      stableNewIds: [],
      shuffle: (items) => [...items],
      now: NOW,
    });
    const graded = applyGrade(state, card, 'good', NOW, DEFAULT_SRS_SETTINGS).state;
    const due = new Date(NOW.getTime() + 10 * MINUTE).toISOString();
    const after = applyServerCard(graded, testCard(1, 'learning', due));
    expect(sessionSummary(after)?.words[0]?.context).toEqual(context);
    expect(sessionSummary(after)?.words[0]?.card_state).toBe('learning');
  });
});
