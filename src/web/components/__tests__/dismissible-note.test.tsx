// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DismissibleNote } from '../dismissible-note';

afterEach(cleanup);

describe('a note of what just became of an action', () => {
  it('takes the focus as it appears and again for each new outcome, politely for a success', () => {
    const onDismiss = vi.fn();
    const note = (outcome: string) => (
      <>
        <button type="button">Elsewhere</button>
        <DismissibleNote severity="success" outcome={outcome} onDismiss={onDismiss}>
          {`Settled ${outcome}`}
        </DismissibleNote>
      </>
    );
    const { rerender } = render(note('MR-1'));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    rerender(note('MR-1'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    rerender(note('MR-2'));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss this note' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is an alert for anything but a success, unless told otherwise', () => {
    render(
      <>
        <DismissibleNote severity="warning" outcome={1} onDismiss={vi.fn()}>
          Approved, outcome unknown
        </DismissibleNote>
        <DismissibleNote severity="info" role="status" outcome={2} onDismiss={vi.fn()}>
          Rejected
        </DismissibleNote>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Approved, outcome unknown');
    expect(screen.getByRole('status').textContent).toContain('Rejected');
  });
});
