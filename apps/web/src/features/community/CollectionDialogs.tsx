import { Flag, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../components/Form';
import { ModalDialog } from '../../components/ModalDialog';
import { ApiRequestError } from '../../lib/api';
import {
  NameAndDescription,
  problemText,
  RadioGroup,
  TextField,
  VisibilityChoice,
} from './CollectionFields';
import {
  type CollectionChange,
  type CollectionSummary,
  type ReportReason,
  useDeleteCollection,
  useReportCollection,
  useUpdateCollection,
} from './community-api';
import {
  COLLECTION_LIMITS,
  descriptionProblem,
  nameProblem,
  REPORT_REASONS,
  serverProblems,
} from './community-model';
import './texts';

/** A write that failed for a reason the learner can act on: offline, or the server's words. */
function failureText(t: (key: string) => string, error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status === 0) return t('community.needsNetwork');
  if (error instanceof ApiRequestError && error.message) return error.message;
  return fallback;
}

const ACTIONS = 'flex flex-wrap justify-end gap-3';

/** The creator's edit: name, description and who may find it. */
export function EditCollectionDialog({
  collection,
  userId,
}: {
  collection: CollectionSummary;
  userId: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const update = useUpdateCollection(collection.id, userId);
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);
  const [visibility, setVisibility] = useState(collection.visibility);
  const [errors, setErrors] = useState<{ name?: string; description?: string; form?: string }>({});

  const open = () => {
    setName(collection.name);
    setDescription(collection.description);
    setVisibility(collection.visibility);
    setErrors({});
    dialog.current?.showModal();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleanName = name.trim();
    const cleanDescription = description.trim();
    const local = {
      name: problemText(t, nameProblem(cleanName)) ?? undefined,
      description: problemText(t, descriptionProblem(cleanDescription)) ?? undefined,
    };
    setErrors(local);
    if (local.name || local.description) return;
    const change: CollectionChange = {};
    if (cleanName !== collection.name) change.name = cleanName;
    if (cleanDescription !== collection.description) change.description = cleanDescription;
    if (visibility !== collection.visibility) change.visibility = visibility;
    if (Object.keys(change).length === 0) {
      dialog.current?.close();
      return;
    }
    update.mutate(change, {
      onSuccess: () => dialog.current?.close(),
      onError: (error) => {
        const found = serverProblems(error, ['name', 'description'] as const);
        setErrors({
          ...found.fields,
          form:
            Object.keys(found.fields).length > 0
              ? undefined
              : failureText(t, error, t('community.form.failed')),
        });
      },
    });
  };

  return (
    <>
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={open}
        data-testid="collection-edit"
      >
        <Pencil aria-hidden size={16} />
        {t('community.collection.edit')}
      </button>
      <ModalDialog ref={dialog} title={t('community.collection.editTitle')}>
        <form
          onSubmit={submit}
          className="flex flex-col gap-4"
          noValidate
          data-testid="collection-edit-form"
        >
          <NameAndDescription
            name={name}
            description={description}
            onName={setName}
            onDescription={setDescription}
            errors={errors}
          />
          <VisibilityChoice value={visibility} onChange={setVisibility} />
          {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
          <div className={ACTIONS}>
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
              disabled={update.isPending}
              data-testid="collection-edit-save"
            >
              {t('community.collection.save')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}

/** The creator's delete, after a confirmation; then back to the collections. */
export function DeleteCollectionDialog({
  collection,
  userId,
}: {
  collection: CollectionSummary;
  userId: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useDeleteCollection(collection.id, userId);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        dialog.current?.close();
        navigate('/community/collections', { replace: true });
      },
      onError: (failure) =>
        setError(failureText(t, failure, t('community.collection.deleteFailed'))),
    });
  };
  return (
    <>
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
        data-testid="collection-delete"
      >
        <Trash2 aria-hidden size={16} />
        {t('community.collection.delete')}
      </button>
      <ModalDialog
        ref={dialog}
        title={t('community.collection.deleteTitle')}
        description={t('community.collection.deleteBody', { name: collection.name })}
      >
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className={ACTIONS}>
          <button
            type="button"
            className="button-secondary min-h-11"
            onClick={() => dialog.current?.close()}
          >
            {t('community.cancel')}
          </button>
          <button
            type="button"
            className="button-danger min-h-11"
            onClick={confirm}
            disabled={remove.isPending}
            data-testid="collection-delete-confirm"
          >
            {t('community.collection.deleteConfirm')}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

/** Anyone else's report: a reason and an optional note, for the operator to look at. */
export function ReportCollectionDialog({ collection }: { collection: CollectionSummary }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const report = useReportCollection(collection.id);
  const [reason, setReason] = useState<ReportReason>('offensive');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; form?: string }>({});
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleanNote = note.trim();
    const noteError = problemText(t, descriptionProblem(cleanNote)) ?? undefined;
    setErrors({ note: noteError });
    if (noteError) return;
    report.mutate(
      { reason, ...(cleanNote ? { note: cleanNote } : {}) },
      {
        onSuccess: () => {
          setSent(true);
          dialog.current?.close();
        },
        onError: (error) => {
          const found = serverProblems(error, ['note'] as const);
          setErrors({
            ...found.fields,
            form: found.fields.note
              ? undefined
              : failureText(t, error, t('community.report.failed')),
          });
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="button-secondary min-h-11"
        onClick={() => {
          setErrors({});
          dialog.current?.showModal();
        }}
        data-testid="collection-report"
      >
        <Flag aria-hidden size={16} />
        {t('community.report.button')}
      </button>
      <span role="status" className="self-center text-sm" data-testid="collection-report-status">
        {sent ? t('community.report.sent') : ''}
      </span>
      <ModalDialog
        ref={dialog}
        title={t('community.report.title')}
        description={t('community.report.explain')}
      >
        <form
          onSubmit={submit}
          className="flex flex-col gap-4"
          noValidate
          data-testid="collection-report-form"
        >
          <RadioGroup
            legend={t('community.report.reason')}
            value={reason}
            onChange={setReason}
            testId="collection-report-reason"
            options={REPORT_REASONS.map((value) => ({
              value,
              label: t(`community.report.reasons.${value}`),
            }))}
          />
          <TextField
            label={t('community.report.note')}
            value={note}
            onChange={setNote}
            error={errors.note}
            multiline
            maxLength={COLLECTION_LIMITS.noteMax}
            testId="collection-report-note"
          />
          {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
          <div className={ACTIONS}>
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
              disabled={report.isPending}
              data-testid="collection-report-send"
            >
              {t('community.report.send')}
            </button>
          </div>
        </form>
      </ModalDialog>
    </>
  );
}
