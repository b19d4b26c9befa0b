import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useKeyboardInUse } from './keyboard-in-use';

// The store lives for the visit, so these steps run in order on one store, as a learner's input
// would: first nothing, then keys and touches.

let pointerFine = true;

function Hint() {
  return <p data-testid="hint">{useKeyboardInUse() ? 'keys' : 'touch'}</p>;
}
const hint = () => screen.getByTestId('hint').textContent;

const press = (key: string, target: EventTarget = document.body) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
/** A pointerdown of the given kind (jsdom has no PointerEvent to construct). */
const pointerDown = (pointerType: string) =>
  act(() => {
    const event = new MouseEvent('pointerdown', { bubbles: true });
    Object.defineProperty(event, 'pointerType', { value: pointerType });
    document.body.dispatchEvent(event);
  });

beforeAll(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: pointerFine && query.includes('pointer: fine'),
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(cleanup);
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('whether a keyboard is in use', () => {
  it('before any input, follows the pointer: hints with a mouse, none on a touch screen', () => {
    pointerFine = true;
    render(<Hint />);
    expect(hint()).toBe('keys');
    cleanup();
    pointerFine = false;
    render(<Hint />);
    expect(hint()).toBe('touch');
  });

  it('does not switch on for a modifier, an on-screen keyboard or typing into a field', () => {
    pointerFine = false;
    render(<Hint />);
    for (const key of ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Unidentified', 'Process']) {
      press(key);
    }
    expect(hint()).toBe('touch');
    const field = document.createElement('input');
    document.body.append(field);
    press('a', field);
    field.remove();
    expect(hint()).toBe('touch');
  });

  it('switches on at the first key press, on every screen showing hints', () => {
    pointerFine = false;
    render(
      <>
        <Hint />
        <Hint />
      </>,
    );
    press(' ');
    expect(screen.getAllByTestId('hint').map((element) => element.textContent)).toEqual([
      'keys',
      'keys',
    ]);
    // A screen opened later knows it too.
    cleanup();
    render(<Hint />);
    expect(hint()).toBe('keys');
  });

  it('switches off at a touch, not at a mouse or pen, and on again at the next key', () => {
    pointerFine = true;
    render(<Hint />);
    pointerDown('mouse');
    pointerDown('pen');
    expect(hint()).toBe('keys');
    pointerDown('touch');
    expect(hint()).toBe('touch');
    press('Enter');
    expect(hint()).toBe('keys');
  });
});
