import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../src/content/importer.ts';
import { vocabulary } from '../src/db/schema/index.ts';
import { json, targets, testServerFor } from './harness.ts';

// GET /api/vocabulary/forms: the entries a written form belongs to, for the vocabulary search.

describe.each(targets)('the form look-up on $name', ({ name, available }) => {
  const server = testServerFor(name, available);
  const idOf = async (word: string, partOfSpeech: string) => {
    const [row] = await server.database.db
      .select({ id: vocabulary.id })
      .from(vocabulary)
      .where(and(eq(vocabulary.word, word), eq(vocabulary.partOfSpeech, partOfSpeech)));
    if (!row) throw new Error(`no entry ${word}|${partOfSpeech}`);
    return row.id;
  };
  const lookUp = (form: string, headers?: Record<string, string>) =>
    server.app.request(`/api/vocabulary/forms?q=${encodeURIComponent(form)}`, { headers });
  const idsOf = async (form: string): Promise<number[]> => {
    const response = await lookUp(form);
    expect(response.status, form).toBe(200);
    const body = await json(response);
    expect(body.form).toBe(form);
    return body.ids;
  };

  beforeAll(async () => {
    if (available) await importContent(server.database.db);
  });

  it.skipIf(!available)(
    'answers the entries of an inflected form without a session, the lemma first',
    async () => {
      const gehen = await idOf('gehen', 'verb');
      const kommen = await idOf('kommen', 'verb');
      const ankommen = await idOf('ankommen', 'verb');
      expect((await idsOf('ging'))[0]).toBe(gehen);
      expect((await idsOf('Häuser'))[0]).toBe(await idOf('das Haus', 'noun'));
      const kommt = await idsOf('kommt');
      // "kommt … an" is ankommen only with its particle: the verb itself comes first.
      expect(kommt[0]).toBe(kommen);
      expect(kommt).toContain(ankommen);
      expect(await idsOf('ging ging')).toEqual([]);
      expect(await idsOf('Quatschwort')).toEqual([]);
    },
  );

  it.skipIf(!available)(
    'finds a form in the spellings typed without a German keyboard or in today’s spelling',
    async () => {
      const wissen = await idOf('wissen', 'verb');
      const haus = await idOf('das Haus', 'noun');
      const apfel = await idOf('der Apfel', 'noun');
      // The lexicon spells the past of wissen "wußte".
      expect((await idsOf('wusste'))[0]).toBe(wissen);
      expect((await idsOf('Wusste'))[0]).toBe(wissen);
      expect((await idsOf('hauser'))[0]).toBe(haus);
      expect((await idsOf('aepfel'))[0]).toBe(apfel);
      expect((await idsOf('müsste'))[0]).toBe(await idOf('müssen', 'modal'));
      expect((await idsOf('strasse'))[0]).toBe(await idOf('die Straße', 'noun'));
      // Without an umlaut, "schon" may be schön as well; an umlaut typed is meant.
      const schon = await idOf('schon', 'adverb');
      const schoen = await idOf('schön', 'adjective');
      expect(await idsOf('schon')).toEqual([schon, schoen]);
      expect(await idsOf('schön')).toEqual([schoen]);
    },
  );

  it.skipIf(!available)('is cached by the browser and answers 304 to its ETag', async () => {
    const first = await lookUp('ging');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^W\/"forms-[0-9a-f]{16}"$/);
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=3600');
    const again = await lookUp('ging', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await lookUp('ging', { 'If-None-Match': 'W/"forms-old"' })).status).toBe(200);
  });

  it.skipIf(!available)('refuses a missing, empty, overlong or NUL form with 400', async () => {
    for (const path of [
      '/api/vocabulary/forms',
      '/api/vocabulary/forms?q=',
      '/api/vocabulary/forms?q=%20%20',
      `/api/vocabulary/forms?q=${'a'.repeat(65)}`,
      '/api/vocabulary/forms?q=gi%00ng',
      '/api/vocabulary/forms?q=%ED%A0%80',
    ]) {
      const response = await server.app.request(path);
      expect(response.status, path).toBe(400);
      expect((await json(response)).error.code, path).toMatch(/^(validation_failed|bad_request)$/);
    }
    expect((await lookUp('a'.repeat(64))).status).toBe(200);
  });
});
