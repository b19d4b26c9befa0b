import { Download, Share, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptInstallOffer, useInstallOffer } from '../../lib/install';
import { useMediaQuery } from '../../lib/use-media-query';
import { useReadingList } from '../stories/reading-lists';
import '../../texts/install';

// The app's own offer to install it: once the learner comes back (a second visit) or has
// finished a story, never in the first minutes of a first visit, and never again once dismissed
// or installed. Chromium browsers install through their dialog; Safari on iPhone and iPad has no
// such dialog, so the offer says how to add the app to the home screen there.

const VISITS_KEY = 'lesefuchs.visits';
const VISIT_COUNTED_KEY = 'lesefuchs.visitCounted';
export const INSTALL_DISMISSED_KEY = 'lesefuchs.install.dismissed';

/** Counts this visit once per browser tab session; the number of visits so far. */
function countVisit(): number {
  try {
    let visits = Number(localStorage.getItem(VISITS_KEY)) || 0;
    if (!sessionStorage.getItem(VISIT_COUNTED_KEY)) {
      sessionStorage.setItem(VISIT_COUNTED_KEY, '1');
      visits += 1;
      localStorage.setItem(VISITS_KEY, String(visits));
    }
    return visits;
  } catch {
    return 0;
  }
}

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return true;
  }
}

function rememberDismissed(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage blocked: dismissed for this visit.
  }
}

/** Safari on an iPhone or iPad (also iPadOS reporting a Mac), not yet on the home screen. */
function iosSafari(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  const ios =
    /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
  return ios && safari && !(navigator as { standalone?: boolean }).standalone;
}

export function InstallPrompt() {
  const { t } = useTranslation();
  const { available, installed } = useInstallOffer();
  const standalone = useMediaQuery('(display-mode: standalone)');
  const completions = useReadingList('completions');
  const [visits] = useState(countVisit);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const [ios] = useState(iosSafari);

  const dismiss = () => {
    setDismissed(true);
    rememberDismissed();
  };
  // Installed through the browser's own menu: the offer is over.
  useEffect(() => {
    if (!installed) return;
    setDismissed(true);
    rememberDismissed();
  }, [installed]);

  const due = visits >= 2 || completions.entries.length > 0;
  if (dismissed || standalone || !due || !(available || ios)) return null;

  const install = async () => {
    const outcome = await acceptInstallOffer();
    if (outcome !== 'unavailable') dismiss();
  };

  return (
    <section
      aria-labelledby="install-title"
      data-testid="install-prompt"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-lg lg:inset-x-auto lg:right-6 lg:bottom-6 lg:w-md dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="install-title" className="font-semibold">
            {t('install.title')}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {ios && !available ? (
              <>
                {t('install.iosBefore')} <Share aria-hidden className="inline" size={16} />
                <span className="sr-only">{t('install.share')}</span> {t('install.iosAfter')}
              </>
            ) : (
              t('install.text')
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t('install.dismiss')}
          className="-mt-1 -mr-1 ml-auto rounded-full p-2 text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          <X aria-hidden size={18} />
        </button>
      </div>
      {available && (
        <div className="flex justify-end gap-2">
          <button type="button" className="button-secondary" onClick={dismiss}>
            {t('install.notNow')}
          </button>
          <button type="button" className="button-primary" onClick={() => void install()}>
            <Download aria-hidden size={16} />
            {t('install.install')}
          </button>
        </div>
      )}
    </section>
  );
}
