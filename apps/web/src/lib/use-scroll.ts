import {
  HEADER_LOGO_AFTER_PX,
  nextSideNavState,
  type SideNavState,
} from '@lesefuchs/core/navigation/scroll';
import { useEffect, useState } from 'react';

/** Side-navigation visibility and header-logo visibility from the page's scroll position. */
export function useScrollChrome(): { sideNavVisible: boolean; logoVisible: boolean } {
  const [state, setState] = useState<{ nav: SideNavState; logo: boolean }>(() => ({
    nav: { visible: true, anchorY: window.scrollY },
    logo: window.scrollY > HEADER_LOGO_AFTER_PX,
  }));

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = window.scrollY;
        setState((previous) => {
          const nav = nextSideNavState(previous.nav, y);
          const logo = y > HEADER_LOGO_AFTER_PX;
          return nav === previous.nav && logo === previous.logo ? previous : { nav, logo };
        });
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  return { sideNavVisible: state.nav.visible, logoVisible: state.logo };
}
