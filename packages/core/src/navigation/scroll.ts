/** Side navigation hides on scroll down past this offset (spec 1 §2). */
export const SIDE_NAV_HIDE_AFTER_PX = 96;
/** Scroll movements smaller than this do not change the side navigation. */
export const SIDE_NAV_TOLERANCE_PX = 12;
/** The header shows the logo once the page has scrolled this far. */
export const HEADER_LOGO_AFTER_PX = 60;
/** Wide layout (main menu, user menu) from this viewport width. */
export const WIDE_LAYOUT_MIN_PX = 1280;
/** In the compact header the theme toggle shows only above this width. */
export const THEME_TOGGLE_MIN_PX = 480;

export interface SideNavState {
  visible: boolean;
  /** The scroll offset the last decision was taken at. */
  anchorY: number;
}

/**
 * Next visibility of the side navigation for a new scroll offset: hidden when scrolling down
 * beyond 96 px, shown when scrolling up; moves within the 12 px tolerance change nothing.
 */
export function nextSideNavState(state: SideNavState, scrollY: number): SideNavState {
  const y = Math.max(0, scrollY);
  if (y <= SIDE_NAV_HIDE_AFTER_PX) return { visible: true, anchorY: y };
  const delta = y - state.anchorY;
  if (Math.abs(delta) < SIDE_NAV_TOLERANCE_PX) return state;
  return { visible: delta < 0, anchorY: y };
}
