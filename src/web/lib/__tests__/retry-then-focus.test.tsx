// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRetryThenFocus } from '../focus';

afterEach(cleanup);

/** A read that failed, told with Try again, and what its answer brings once it has come. */
function Read({
  answered,
  answer,
  retry,
}: {
  answered: boolean;
  answer?: unknown;
  retry: () => void;
}) {
  const onRetry = useRetryThenFocus({
    answered,
    answer,
    retry,
    next: () => document.querySelector<HTMLElement>('#brought'),
  });
  return (
    <>
      {answered ? (
        <input id="brought" aria-label="Brought" />
      ) : (
        <button onClick={onRetry}>Try again</button>
      )}
      <input aria-label="Elsewhere" />
    </>
  );
}

describe('Try again on a read that failed', () => {
  it('reads again, and once the answer comes the focus goes to what it brought, not the page top', () => {
    const retry = vi.fn();
    const { rerender } = render(<Read answered={false} retry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(<Read answered retry={retry} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Brought' }));
  });

  it('leaves the focus where the person put it meanwhile', () => {
    const retry = vi.fn();
    const { rerender } = render(<Read answered={false} retry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    screen.getByRole('textbox', { name: 'Elsewhere' }).focus();
    rerender(<Read answered retry={retry} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Elsewhere' }));
  });

  it('moves nothing when the answer comes without Try again', () => {
    const { rerender } = render(<Read answered={false} retry={vi.fn()} />);
    rerender(<Read answered retry={vi.fn()} />);
    expect(document.activeElement).toBe(document.body);
  });

  it('follows a read whose start and end came in one render, by what its answer changed', () => {
    const retry = vi.fn();
    // Answered all along: the notice stands for a part of what was read (a gap).
    function Gaps({ gaps }: { gaps: number }) {
      const onRetry = useRetryThenFocus({
        answered: true,
        answer: gaps,
        retry,
        next: () => (gaps === 0 ? document.querySelector<HTMLElement>('#entries') : null),
      });
      return (
        <>
          {gaps > 0 && <button onClick={onRetry}>Try again</button>}
          <div id="entries" tabIndex={-1} aria-label="Entries" />
        </>
      );
    }
    const { rerender } = render(<Gaps gaps={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(<Gaps gaps={0} />);
    expect(document.activeElement?.id).toBe('entries');
  });
});
