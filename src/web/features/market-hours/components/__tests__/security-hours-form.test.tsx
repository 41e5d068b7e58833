// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WeekHours } from '../../../../../contract/market-hours';
import { regularWeek } from '../../../../testing/market-hours';
import { descriptionOf, renderWithProviders } from '../../../../testing/render';
import { SecurityHoursForm } from '../security-hours-form';

afterEach(cleanup);

const week = regularWeek;

/** The form over `week`, nothing being saved and no answer yet. */
function renderForm({
  onSubmit = vi.fn(),
  market,
}: { onSubmit?: () => void; market?: WeekHours } = {}) {
  return renderWithProviders(
    <SecurityHoursForm
      hours={week}
      market={market}
      pending={false}
      error={null}
      outcomeUnknown={null}
      onSubmit={onSubmit}
    />,
  );
}

describe('issuer staff set the trading hours of a security', () => {
  it('see a time label raised above the browser’s empty --:-- placeholder, not over it', () => {
    renderForm();
    const tuesday = screen.getByLabelText('Tuesday opens (ET)');
    fireEvent.change(tuesday, { target: { value: '' } });
    const label = screen.getByText('Tuesday opens (ET)', { selector: 'label' });
    expect(label.getAttribute('data-shrink')).toBe('true');
  });

  it('are told an emptied time is required, or the day marked closed, and nothing is sent', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderForm({ onSubmit });
    const tuesday = screen.getByLabelText('Tuesday opens (ET)');
    fireEvent.change(tuesday, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() =>
      expect(descriptionOf(tuesday)).toBe(
        'Tuesday opening time is required, or mark Tuesday closed',
      ),
    );
    expect(document.activeElement).toBe(tuesday);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('issuer staff save the hours', () => {
  it('keep the focus on the button while it says "Saving…", and pressing it again sends nothing', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    // Saving from the first press on, as the page is while its save is under way.
    function Saving() {
      const [pending, setPending] = useState(false);
      return (
        <SecurityHoursForm
          {...{ hours: week, error: null, outcomeUnknown: null, pending }}
          onSubmit={() => {
            onSubmit();
            setPending(true);
          }}
        />
      );
    }
    renderWithProviders(<Saving />);
    // From the keyboard: the button focused, Enter pressed.
    screen.getByRole('button', { name: 'Save hours' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Marked busy, not disabled: a disabled button would drop the focus to the page body.
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(saving);
    await user.keyboard('{Enter}');
    await user.click(saving);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('issuer staff double-click Save hours', () => {
  it('send the save once: the second click comes before the page knows it is saving', async () => {
    const onSubmit = vi.fn();
    // Saving once the parent hears of the save, as a mutation's state arrives a render later.
    function Saving() {
      const [pending, setPending] = useState(false);
      return (
        <SecurityHoursForm
          {...{ hours: week, error: null, outcomeUnknown: null, pending }}
          onSubmit={() => {
            onSubmit();
            setTimeout(() => setPending(true), 0);
          }}
        />
      );
    }
    renderWithProviders(<Saving />);
    const save = screen.getByRole('button', { name: 'Save hours' });
    fireEvent.click(save);
    fireEvent.click(save);
    await screen.findByRole('button', { name: 'Saving…' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('issuer staff save again after a save answered at once', () => {
  it('send the second save: a save the page never showed pending does not hold the button', async () => {
    const onSubmit = vi.fn();
    // Answered before the page rendered it pending: only the attempt's time changes.
    function AnsweredAtOnce() {
      const [attempt, setAttempt] = useState(0);
      return (
        <>
          <p>Attempts answered: {attempt}</p>
          <SecurityHoursForm
            {...{ hours: week, error: null, outcomeUnknown: null, pending: false, attempt }}
            onSubmit={() => {
              onSubmit();
              setAttempt((n) => n + 1);
            }}
          />
        </>
      );
    }
    renderWithProviders(<AnsweredAtOnce />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    // The page has taken in the answer (rendered, its effects run) before the next press.
    await screen.findByText('Attempts answered: 1');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});

describe('issuer staff set hours outside the market’s hours', () => {
  it('are warned as they type, naming the market’s hours and those within both, and may still save', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderForm({ onSubmit, market: week });
    expect(screen.queryByText(/reaches outside the market’s hours/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Tuesday opens (ET)'), { target: { value: '03:00' } });
    fireEvent.change(screen.getByLabelText('Tuesday closes (ET)'), { target: { value: '23:30' } });
    expect(
      await screen.findByText(
        'Tuesday reaches outside the market’s hours: the market trades 9:30 AM – 4:00 PM; only 9:30 AM – 4:00 PM is within both. You can save these hours, but the platform does not say which hours apply when they differ, and investors are told so.',
      ),
    ).toBeTruthy();
    // Hours inside the market's (closing early) contradict nothing.
    fireEvent.change(screen.getByLabelText('Friday closes (ET)'), { target: { value: '13:00' } });
    expect(screen.queryByText(/^Friday reaches outside/)).toBeNull();
    // A warning, not a refusal: the interface document makes no such hours invalid (§4.14).
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].tuesday).toEqual({
      closed: false,
      open: '03:00',
      close: '23:30',
    });
  });
});
