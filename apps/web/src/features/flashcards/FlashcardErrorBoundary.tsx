import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../texts/flashcards';

/** Retries the boundary allows before it asks for a reload (spec 3 §2, §8). */
export const MAX_RETRIES = 3;

interface Props {
  children: ReactNode;
  /** Forgets the stored session and queue, for a fresh start. */
  onReset: () => void;
}

interface State {
  error: Error | null;
  retries: number;
}

/**
 * Catches a failure anywhere in the flashcard screen: "Something went wrong with the
 * flashcards." with retry (up to 3 times), reset and reload; after the third retry only reset
 * and reload remain, with "Maximum retry attempts reached. …".
 */
export class FlashcardErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Flashcards failed', error, info.componentStack);
  }

  private retry = () => {
    this.setState((state) => ({ error: null, retries: state.retries + 1 }));
  };

  private reset = () => {
    this.props.onReset();
    this.setState({ error: null, retries: 0 });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorPanel
        retriesLeft={MAX_RETRIES - this.state.retries}
        onRetry={this.retry}
        onReset={this.reset}
      />
    );
  }
}

function ErrorPanel({
  retriesLeft,
  onRetry,
  onReset,
}: {
  retriesLeft: number;
  onRetry: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-xl flex-col gap-4 rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <p className="font-semibold">{t('flashcards.errors.boundary')}</p>
      {retriesLeft <= 0 && <p>{t('flashcards.errors.maxRetries')}</p>}
      <div className="flex flex-wrap gap-2">
        {retriesLeft > 0 && (
          <button type="button" className="button-primary" onClick={onRetry}>
            {t('flashcards.errors.retry')}
            <span className="sr-only">
              {' '}
              ({t('flashcards.errors.retriesLeft', { count: retriesLeft })})
            </span>
          </button>
        )}
        <button type="button" className="button-secondary" onClick={onReset}>
          {t('flashcards.errors.reset')}
        </button>
        <button type="button" className="button-secondary" onClick={() => window.location.reload()}>
          {t('flashcards.errors.reload')}
        </button>
      </div>
    </div>
  );
}
