import { Share2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormMessage } from '../../components/Form';
import { ModalDialog } from '../../components/ModalDialog';
import { ApiRequestError } from '../../lib/api';
import {
  KindChoice,
  NameAndDescription,
  problemText,
  RadioGroup,
  VisibilityChoice,
} from './CollectionFields';
import { formatCount } from './CommunityParts';
import {
  type CollectionKind,
  type CollectionVisibility,
  useCreateCollection,
} from './community-api';
import {
  COLLECTION_LIMITS,
  collectionHref,
  descriptionProblem,
  distinctIds,
  nameProblem,
  serverProblems,
} from './community-model';
import './texts';

/** The word sets the vocabulary screen can share: vocabulary ids of each. */
export interface ShareableWords {
  saved: readonly number[];
  deck: readonly number[];
  selection: readonly number[];
}

type Source = keyof ShareableWords;
type Errors = { name?: string; description?: string; words?: string; form?: string };

function firstSource(words: ShareableWords): Source {
  if (words.selection.length > 0) return 'selection';
  if (words.saved.length > 0) return 'saved';
  return 'deck';
}

/**
 * "Share as a collection" on the vocabulary screen: which words (all my saved words, the deck in
 * view, or the words selected), a name, a description, listed or link-only, and the kind. A guest
 * is told that sharing needs an account. On success the new collection opens.
 */
export function ShareCollectionDialog({
  signedIn,
  words,
}: {
  signedIn: boolean;
  words: ShareableWords;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const create = useCreateCollection();
  const [source, setSource] = useState<Source>('saved');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<CollectionVisibility>('public');
  const [kind, setKind] = useState<CollectionKind>('word_list');
  const [errors, setErrors] = useState<Errors>({});
  // A set that is empty (the words still loading when the dialog opened, or removed since) is
  // not what is shared: the first set with words is.
  const chosen = words[source].length > 0 ? source : firstSource(words);

  const open = () => {
    setSource(firstSource(words));
    setErrors({});
    dialog.current?.showModal();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ids = distinctIds(words[chosen]);
    const cleanName = name.trim();
    const cleanDescription = description.trim();
    const found: Errors = {
      name: problemText(t, nameProblem(cleanName)) ?? undefined,
      description: problemText(t, descriptionProblem(cleanDescription)) ?? undefined,
      words:
        ids.length < COLLECTION_LIMITS.wordsMin
          ? t('community.share.noWords')
          : ids.length > COLLECTION_LIMITS.wordsMax
            ? t('community.share.tooMany', {
                max: formatCount(COLLECTION_LIMITS.wordsMax),
                n: formatCount(ids.length),
              })
            : undefined,
    };
    setErrors(found);
    if (found.name || found.description || found.words) return;
    create.mutate(
      { name: cleanName, description: cleanDescription, kind, visibility, vocabularyIds: ids },
      {
        onSuccess: (summary) => {
          dialog.current?.close();
          setName('');
          setDescription('');
          navigate(collectionHref(summary.id));
        },
        onError: (error) => {
          const server = serverProblems(error, ['name', 'description', 'vocabularyIds'] as const);
          const { vocabularyIds, ...fields } = server.fields;
          const offline = error instanceof ApiRequestError && error.status === 0;
          setErrors({
            ...fields,
            words: vocabularyIds,
            form: offline
              ? t('community.needsNetwork')
              : Object.keys(server.fields).length > 0
                ? undefined
                : (server.form ?? t('community.form.failed')),
          });
        },
      },
    );
  };

  const count = (list: readonly number[]) => formatCount(distinctIds(list).length);
  const options = [
    {
      value: 'saved' as const,
      label: t('community.share.saved', { n: count(words.saved) }),
      disabled: words.saved.length === 0,
    },
    {
      value: 'deck' as const,
      label: t('community.share.deck', { n: count(words.deck) }),
      disabled: words.deck.length === 0,
    },
    ...(words.selection.length > 0
      ? [
          {
            value: 'selection' as const,
            label: t('community.share.selection', { n: count(words.selection) }),
          },
        ]
      : []),
  ];

  return (
    <>
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={open}
        data-testid="share-collection"
      >
        <Share2 aria-hidden size={16} />
        {t('community.share.button')}
      </button>
      <ModalDialog ref={dialog} title={t('community.share.title')}>
        {!signedIn ? (
          <div className="flex flex-col gap-4" data-testid="share-collection-guest">
            <p>{t('community.share.needsAccount')}</p>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => dialog.current?.close()}
              >
                {t('community.cancel')}
              </button>
              <Link to="/signup" className="button-primary min-h-11">
                {t('nav.signup')}
              </Link>
            </div>
          </div>
        ) : (
          <form
            onSubmit={submit}
            className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto"
            noValidate
            data-testid="share-collection-form"
          >
            <RadioGroup
              legend={t('community.share.which')}
              value={chosen}
              onChange={setSource}
              options={options}
              testId="share-collection-words"
            />
            {errors.words && (
              <p
                className="text-red-700 text-sm dark:text-red-400"
                data-testid="share-collection-words-error"
              >
                {errors.words}
              </p>
            )}
            <NameAndDescription
              name={name}
              description={description}
              onName={setName}
              onDescription={setDescription}
              errors={errors}
            />
            <VisibilityChoice value={visibility} onChange={setVisibility} />
            <KindChoice value={kind} onChange={setKind} />
            {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
            <div className="flex flex-wrap justify-end gap-3">
              <button
                type="button"
                className="button-secondary min-h-11"
                onClick={() => dialog.current?.close()}
              >
                {t('community.cancel')}
              </button>
              <button
                type="submit"
                className="button-primary min-h-11"
                disabled={create.isPending}
                data-testid="share-collection-submit"
              >
                {t('community.share.submit')}
              </button>
            </div>
          </form>
        )}
      </ModalDialog>
    </>
  );
}
