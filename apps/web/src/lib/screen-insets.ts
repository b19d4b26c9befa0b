// What covers the window's edges: the sticky header and a stuck player at the top, the docked
// navigation at the bottom (elements marked data-covers="top" or "bottom"). A word's card and the
// sentence being read keep clear of them.

/** How much of the window the sticky header and player cover at the top, the navigation at the bottom. */
export function screenInsets(): { top: number; bottom: number } {
  let top = 0;
  for (const element of document.querySelectorAll<HTMLElement>('[data-covers="top"]')) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.top <= top + 16 && getComputedStyle(element).position !== 'static')
      top = Math.max(top, box.bottom);
  }
  let bottom = 0;
  for (const element of document.querySelectorAll<HTMLElement>('[data-covers="bottom"]')) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.top < window.innerHeight)
      bottom = Math.max(bottom, window.innerHeight - box.top);
  }
  return { top, bottom };
}
