import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { FlashcardErrorBoundary } from './FlashcardErrorBoundary';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

describe('the flashcard error boundary', () => {
  it('says so, allows 3 retries, then asks for a reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onReset = vi.fn();
    render(
      <FlashcardErrorBoundary onReset={onReset}>
        <Broken />
      </FlashcardErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Something went wrong with the flashcards.',
    );
    for (let retry = 0; retry < 3; retry++)
      fireEvent.click(screen.getByRole('button', { name: /^Try again/ }));
    expect(screen.queryByRole('button', { name: /^Try again/ })).toBe(null);
    expect(screen.getByRole('alert').textContent).toContain(
      'Maximum retry attempts reached. Try reloading the page or contact support.',
    );
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset session' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('a retry that works shows the screen again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      const [n] = useState(0);
      if (fail) throw new Error(`boom ${n}`);
      return <p>cards</p>;
    }
    render(
      <FlashcardErrorBoundary onReset={() => undefined}>
        <Flaky />
      </FlashcardErrorBoundary>,
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /^Try again/ }));
    expect(screen.getByText('cards')).toBeTruthy();
  });
});
