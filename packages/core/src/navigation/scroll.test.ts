import { describe, expect, it } from 'vitest';
import { nextSideNavState, type SideNavState } from './scroll.ts';

const scrollThrough = (positions: number[]) => {
  let state: SideNavState = { visible: true, anchorY: 0 };
  return positions.map((y) => {
    state = nextSideNavState(state, y);
    return state.visible;
  });
};

describe('nextSideNavState', () => {
  it('stays visible within the first 96 px, whatever the direction', () => {
    expect(scrollThrough([20, 60, 96, 40])).toEqual([true, true, true, true]);
  });
  it('hides on scroll down past 96 px and comes back on scroll up', () => {
    expect(scrollThrough([50, 120, 300, 250])).toEqual([true, false, false, true]);
  });
  it('ignores movements under the 12 px tolerance', () => {
    expect(scrollThrough([200, 211, 200, 189, 187])).toEqual([false, false, false, false, true]);
  });
  it('treats a negative (bounce) offset as the top', () => {
    expect(scrollThrough([300, -20])).toEqual([false, true]);
  });
});
