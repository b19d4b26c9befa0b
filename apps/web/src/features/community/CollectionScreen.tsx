import { ArrowLeft, BookmarkPlus, GraduationCap, Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EntryWord } from '../../components/EntryWord';
import { FormMessage } from '../../components/Form';
import { LoadError } from '../../components/LoadError';
import { LoadingScreen } from '../../components/Spinner';
import { ApiRequestError } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { useAuth } from '../../lib/session';
import { upsertLocalCards } from '../flashcards/flashcards-api';
import { isSaved, reloadSavedWords, saveWord } from '../vocabulary/saved-words-store';
import { CollectionBadges, CreatorLine } from './CollectionCard';
import {
  DeleteCollectionDialog,
  EditCollectionDialog,
  ReportCollectionDialog,
} from './CollectionDialogs';
import { formatCount, LevelBadge, Unavailable } from './CommunityParts';
import { type CollectionDetail, useAddCollection, useCollectionQuery } from './community-api';
import {
  addWords,
  chunks,
  collectionHref,
  entryOfCollectionWord,
  meaningIn,
} from './community-model';
import './texts';

/** The card upsert takes this many at a time. */
const CARD_BATCH = 100;

/**
 * /community/collections/:id: a shared collection and its words; add them all to my words, make
 * flashcards of them, copy the link; the creator edits or deletes, others may report it.
 */
export function CollectionScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { status, user } = useAuth();
  // Whether it is mine (or hidden, which only its creator sees) depends on who asks.
  const collection = useCollectionQuery(id, user?.id, status !== 'checking');
  if (collection.data) return <CollectionView collection={collection.data} userId={user?.id} />;
  const error = collection.error;
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
    return (
      <Unavailable
        title={t('community.collection.notFound')}
        body={t('community.collection.notFoundBody')}
        back="/community/collections"
        backLabel={t('community.collections.back')}
        testId="collection-not-found"
      />
    );
  }
  if (collection.isError) {
    return (
      <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl py-6">
        <h1 id="page-title" className="page-title mb-4">
          {t('community.collections.title')}
        </h1>
        <LoadError
          message={t('community.collection.failed')}
          retryLabel={t('community.retry')}
          onRetry={() => void collection.refetch()}
        />
      </section>
    );
  }
  return <LoadingScreen message={t('status.loadingCommunity')} />;
}

type CardsState = 'idle' | 'working' | 'done' | 'failed';
type Added = { added: number; already: number; refused: number };

function CollectionView({
  collection,
  userId,
}: {
  collection: CollectionDetail;
  userId: string | undefined;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const addToMine = useAddCollection(collection.id, userId ?? 'signed-out');
  const [added, setAdded] = useState<Added | null>(null);
  const [addFailed, setAddFailed] = useState(false);
  const [cards, setCards] = useState<CardsState>('idle');
  const [copied, setCopied] = useState<'done' | 'failed' | null>(null);
  const entries = collection.words.map(entryOfCollectionWord);
  const link = `${window.location.origin}${collectionHref(collection.id)}`;

  /**
   * A guest's words go to the list on this device; a signed-in learner's are saved by the
   * server in one request (so a long collection is not held up by the per-minute write limit),
   * then this device's list is read again. True when the words were added.
   */
  const addAll = async (): Promise<boolean> => {
    setAddFailed(false);
    if (!userId) {
      setAdded(
        addWords(entries, { isSaved, save: (entry) => saveWord(entry, { source: 'database' }) }),
      );
      return true;
    }
    try {
      const result = await addToMine.mutateAsync();
      setAdded({ added: result.added, already: result.alreadySaved, refused: 0 });
      await reloadSavedWords();
      return true;
    } catch {
      setAddFailed(true);
      return false;
    }
  };

  const makeCards = async () => {
    setCards('working');
    if (!(await addAll())) {
      setCards('failed');
      return;
    }
    try {
      for (const batch of chunks(collection.words, CARD_BATCH)) {
        await upsertLocalCards(
          batch.map((word) => ({ localId: `local-collection-${word.id}`, vocabularyId: word.id })),
        );
      }
      setCards('done');
    } catch {
      setCards('failed');
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 py-6"
      data-testid="collection"
      data-id={collection.id}
    >
      <Link
        to="/community/collections"
        className="text-link flex min-h-11 items-center gap-1 self-start"
      >
        <ArrowLeft aria-hidden size={16} />
        {t('community.collections.back')}
      </Link>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={collection.level} />
          <span className="text-sm text-stone-600 dark:text-stone-400">
            {t(`community.collection.kinds.${collection.kind}`)}
          </span>
          <CollectionBadges collection={collection} />
        </div>
        <h1 id="page-title" className="page-title [overflow-wrap:anywhere]">
          {collection.name}
        </h1>
        {collection.description && (
          <p className="text-stone-700 [overflow-wrap:anywhere] dark:text-stone-300">
            {collection.description}
          </p>
        )}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
          <span data-testid="collection-word-count">
            {t('community.collection.words', {
              count: collection.wordCount,
              n: formatCount(collection.wordCount),
            })}
          </span>
          <span data-testid="collection-uses">
            {t('community.collection.uses', {
              count: collection.uses,
              n: formatCount(collection.uses),
            })}
          </span>
          <CreatorLine creator={collection.creator} />
        </p>
        {collection.mine && collection.hidden && (
          <FormMessage tone="info">{t('community.collection.hiddenMine')}</FormMessage>
        )}
      </div>

      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="button-primary min-h-11"
          onClick={() => void addAll()}
          disabled={addToMine.isPending}
          data-testid="collection-add-all"
        >
          <BookmarkPlus aria-hidden size={18} />
          {t('community.collection.addAll')}
        </button>
        {userId ? (
          <button
            type="button"
            className="button-secondary min-h-11"
            onClick={() => void makeCards()}
            disabled={cards === 'working' || cards === 'done'}
            data-testid="collection-make-cards"
          >
            <GraduationCap aria-hidden size={18} />
            {t('community.collection.makeCards')}
          </button>
        ) : (
          <Link to="/signup" className="text-link flex min-h-11 items-center text-sm">
            {t('community.collection.signUpForCards')}
          </Link>
        )}
        <button
          type="button"
          className="button-secondary min-h-11"
          onClick={() => void copy()}
          data-testid="collection-copy-link"
        >
          <Link2 aria-hidden size={18} />
          {t('community.collection.copyLink')}
        </button>
      </div>
      <div role="status" className="flex flex-col gap-1 text-sm" data-testid="collection-status">
        {added && <AddedMessage added={added} />}
        {addFailed && <FormMessage tone="error">{t('community.collection.addFailed')}</FormMessage>}
        {cards === 'done' && (
          <p>
            {t('community.collection.cardsMade', {
              count: collection.words.length,
              n: formatCount(collection.words.length),
            })}{' '}
            <Link to="/study/flashcards" className="text-link">
              {t('community.collection.studyCards')}
            </Link>
          </p>
        )}
        {cards === 'failed' && (
          <p className="text-red-800 dark:text-red-300">{t('community.collection.cardsFailed')}</p>
        )}
        {copied === 'done' && <p>{t('community.collection.copied')}</p>}
        {copied === 'failed' && (
          <p>
            {t('community.collection.copyFailed')}{' '}
            <span className="select-all break-all font-mono">{link}</span>
          </p>
        )}
      </div>

      {userId && (
        <div className="flex flex-wrap gap-2">
          {collection.mine ? (
            <>
              <EditCollectionDialog collection={collection} userId={userId} />
              <DeleteCollectionDialog collection={collection} userId={userId} />
            </>
          ) : (
            <ReportCollectionDialog collection={collection} />
          )}
        </div>
      )}

      <section aria-labelledby="collection-words" className="flex flex-col gap-3">
        <h2 id="collection-words" className="font-semibold text-xl">
          {t('community.collection.wordsTitle')}
        </h2>
        <ul className="flex flex-col divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
          {collection.words.map((word, index) => {
            const entry = entries[index];
            return (
              <li
                key={word.id}
                className="flex items-center gap-3 px-4 py-2"
                data-testid="collection-word"
              >
                <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-3">
                  <span className="[overflow-wrap:anywhere]">
                    {entry && <EntryWord entry={entry} />}
                  </span>
                  <span className="text-stone-600 [overflow-wrap:anywhere] dark:text-stone-300">
                    {meaningIn(word, language)}
                  </span>
                </div>
                <LevelBadge level={word.level} />
              </li>
            );
          })}
        </ul>
      </section>
    </section>
  );
}

function AddedMessage({ added }: { added: Added }) {
  const { t } = useTranslation();
  return (
    <p data-testid="collection-added">
      {t('community.collection.added', { count: added.added, n: formatCount(added.added) })}
      {added.already > 0 &&
        ` ${t('community.collection.already', { count: added.already, n: formatCount(added.already) })}`}
      {added.refused > 0 &&
        ` ${t('community.collection.refused', { count: added.refused, n: formatCount(added.refused) })}`}
    </p>
  );
}
