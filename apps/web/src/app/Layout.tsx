import { WIDE_LAYOUT_MIN_PX } from '@lesefuchs/core/navigation/scroll';
import { memo, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatch } from 'react-router';
import { Footer } from '../components/Footer';
import { Header } from '../components/Header';
import { SideNav } from '../components/SideNav';
import { LoadingScreen } from '../components/Spinner';
import { onAppState } from '../lib/app-state';
import { stopAllAudio } from '../lib/audio-bus';
import { afterIdle } from '../lib/idle';
import { isNativeShell } from '../lib/native';
import { deviceOwner, readerOwner } from '../lib/owners';
import { useAuth } from '../lib/session';
import { useAfterIdle } from '../lib/use-after-idle';
import { useDeviceUser } from '../lib/use-device-user';
import { useMediaQuery } from '../lib/use-media-query';
import { useModule } from '../lib/use-module';
import { useScrollChrome } from '../lib/use-scroll';
import { AuthReturnErrors } from './AuthReturnErrors';
import { LanguageFromProfile } from './LanguageFromProfile';
import { RecoveryLinks } from './RecoveryLinks';

const loadBackgroundSync = () => import('./BackgroundSync');

/** The sync work behind every page, loaded once the page has loaded and the browser is idle. */
function BackgroundWork() {
  const background = useModule(loadBackgroundSync, useAfterIdle());
  return background ? <background.BackgroundSync /> : null;
}

const loadNativeShell = () => import('../features/native/NativeShell');
const NATIVE = isNativeShell();

/** The native shell's part (app state, back button, links), inside the shell only. */
function NativeShellWork() {
  const native = useModule(loadNativeShell, NATIVE);
  return native ? <native.NativeShell /> : null;
}

/** Tells the stores whose data to work with as soon as the session check answers. */
function PublishedOwners() {
  const { status, user } = useAuth();
  const device = useDeviceUser();
  const readerId = user?.id ?? null;
  useEffect(() => {
    if (status !== 'checking') readerOwner.publish(readerId);
  }, [status, readerId]);
  useEffect(() => {
    if (device.status !== 'checking') deviceOwner.publish(device.userId);
  }, [device.status, device.userId]);
  return null;
}

// The header and the side navigation follow the scroll each on its own, so a scroll that shows
// or hides them draws them again and not the page.
function ScrollingHeader() {
  const { logoVisible } = useScrollChrome();
  return <Header logoVisible={logoVisible} />;
}

function ScrollingSideNav() {
  const { sideNavVisible } = useScrollChrome();
  return <SideNav visible={sideNavVisible} />;
}

/**
 * The page of the address. Memoised: what changes around it (the idle work arriving, the
 * session answering, the width) does not draw the page again; a new address does.
 */
const Page = memo(function Page() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingScreen message={t('status.loading')} />}>
      <Outlet />
    </Suspense>
  );
});

/** Every page: header, content, footer (not on story pages) and, when compact, the side navigation. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const storyPage = useMatch('/stories/:id');
  const onStoryPage = /^\d+$/.test(storyPage?.params.id ?? '');
  const wide = useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_PX}px)`);

  // Every route change starts at the top and stops whatever plays.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    stopAllAudio();
  }, [pathname]);

  // Whatever plays stops when the app goes to the background (a hidden tab, a closed page, the
  // native shell's pause).
  useEffect(() => {
    const stop = () => stopAllAudio();
    const offAppState = onAppState((state) => {
      if (state === 'hidden') stop();
    });
    window.addEventListener('beforeunload', stop);
    return () => {
      offAppState();
      window.removeEventListener('beforeunload', stop);
    };
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <RecoveryLinks />
      <AuthReturnErrors />
      <PublishedOwners />
      <BackgroundWork />
      <NativeShellWork />
      <LanguageFromProfile />
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <ScrollingHeader />
      <main
        id="main"
        tabIndex={-1}
        // At least a screen tall: the footer starts below the fold, so content arriving after the
        // first paint never pushes it (no layout shift in view).
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6"
      >
        <Page />
      </main>
      {!onStoryPage && <Footer />}
      {!wide && <ScrollingSideNav />}
    </div>
  );
}
