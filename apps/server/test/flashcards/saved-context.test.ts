import type { FlashcardCard, SavedWordCardsResponse } from '@lesefuchs/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../src/content/importer.ts';
import { stories } from '../../src/db/schema/index.ts';
import { json, signUp, targets, testServerFor } from '../harness.ts';
import { flashcardHelpers } from './helpers.ts';

// A saved word's card carries the sentence it was saved with: the word marked in it, the
// sentence's place in the story, and the story's audio for the sentence's clip.

describe.each(targets)('saved words as cards on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const h = flashcardHelpers(server);
  let text = '';

  beforeAll(async () => {
    if (!available) return;
    await importContent(server.database.db);
    const [story] = await server.database.db
      .select({ contentDe: stories.contentDe })
      .from(stories)
      .where(eq(stories.id, 1));
    text = story?.contentDe ?? '';
  });

  const save = async (cookie: string, word: string, contextSentence?: string, storyId = 1) =>
    h.call(cookie, 'POST', '/api/saved-words', {
      action: 'save',
      vocabularyId: await h.idOf(word),
      storyId,
      ...(contextSentence ? { contextSentence } : {}),
    });
  const savedCards = async (cookie: string) =>
    (await json(
      await h.call(cookie, 'GET', '/api/flashcards/saved-words'),
    )) as SavedWordCardsResponse;

  it.skipIf(!available)(
    'counts saved words that are not cards yet, and their cards carry the story sentence',
    async () => {
      const user = await signUp(server, 'Satz');
      const other = await signUp(server, 'Fremd');
      const koffer = 'Tom hat einen großen Koffer und eine Fahrkarte.';
      const schlafen = 'Im Zug schläft er ein bisschen.';
      expect(text).toContain(koffer);
      await save(user.cookie, 'der Koffer', koffer);
      await save(user.cookie, 'schlafen', schlafen);
      await save(user.cookie, 'die Oma');
      expect(await savedCards(user.cookie)).toEqual({ saved: 3, carded: [] });

      const session = await json(
        await h.call(user.cookie, 'POST', '/api/flashcards/session', {
          deck: 'saved',
          newCount: 50,
          reviewCount: 40,
        }),
      );
      expect(session.created).toBe(3);
      const byWord = new Map<string, FlashcardCard>(
        session.new.map((card: FlashcardCard) => [card.word, card]),
      );
      const kofferCard = byWord.get('der Koffer');
      expect(kofferCard?.context).toMatchObject({
        sentence: koffer,
        marks: [[koffer.indexOf('Koffer'), koffer.indexOf('Koffer') + 'Koffer'.length]],
        story_id: 1,
        story_title: 'Der Zug nach Hamburg',
        text_from: text.indexOf(koffer),
      });
      expect(kofferCard?.context?.audio_url_de).toMatch(/^\/audio\/1\/de-amala\.mp3/);
      // A form of the word is marked where it stands ("schläft" of schlafen).
      const schlafenCard = byWord.get('schlafen');
      const [from, to] = schlafenCard?.context?.marks[0] ?? [0, 0];
      expect(schlafen.slice(from, to)).toBe('schläft');
      // A word saved without a sentence has none.
      expect(byWord.get('die Oma')?.context ?? null).toBeNull();

      // The queue and a single card answer the same sentence.
      const queue = await json(
        await h.call(user.cookie, 'GET', '/api/flashcards/queue?deck=saved&newLimit=10'),
      );
      expect(
        queue.new.find((card: FlashcardCard) => card.word === 'der Koffer')?.context?.sentence,
      ).toBe(koffer);
      const single = await json(
        await h.call(user.cookie, 'GET', `/api/flashcards/cards/${kofferCard?.id}`),
      );
      expect(single.card.context.text_from).toBe(text.indexOf(koffer));

      const after = await savedCards(user.cookie);
      expect(after.saved).toBe(3);
      expect(after.carded).toHaveLength(3);
      // Another learner sees none of it.
      expect(await savedCards(other.cookie)).toEqual({ saved: 0, carded: [] });
      const foreign = await h.call(other.cookie, 'GET', `/api/flashcards/cards/${kofferCard?.id}`);
      expect(foreign.status).toBe(404);
    },
  );

  it.skipIf(!available)('a sentence not in the story has no place and no audio', async () => {
    const user = await signUp(server, 'Anders');
    const sentence = 'Der Koffer steht im Flur.';
    await save(user.cookie, 'der Koffer', sentence);
    const session = await json(
      await h.call(user.cookie, 'POST', '/api/flashcards/session', {
        deck: 'saved',
        newCount: 5,
        reviewCount: 0,
      }),
    );
    expect(session.new[0].context).toMatchObject({
      sentence,
      text_from: null,
      audio_url_de: null,
      audio_url_de_2: null,
    });
    expect(session.new[0].context.marks).toEqual([[4, 10]]);
  });

  it.skipIf(!available)('answers 401 to a visitor who is not signed in', async () => {
    const response = await server.app.request('/api/flashcards/saved-words');
    expect(response.status).toBe(401);
  });
});
