// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { raiseInProgress } from '../../../../testing/offering';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { OfferingDetails } from '../offering-details';

afterEach(cleanup);

const offering = raiseInProgress;

describe("the offering's status in its summary", () => {
  it('wraps rather than being cut short, since the summary column is narrower than the chip', () => {
    renderWithProviders(<OfferingDetails offering={offering} />);
    const style = getComputedStyle(screen.getByText('Open for investment'));
    expect(style.whiteSpace).toBe('normal');
    expect(style.overflow).not.toBe('hidden');
  });
});

const invest = <button type="button">Invest in this offering</button>;
const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('an offering on a 375 px phone', () => {
  withViewportWidth(375);

  it('puts the Invest action and the summary with its status first, above the raise and texts', () => {
    renderWithProviders(<OfferingDetails offering={offering} actions={invest} />);
    expect(sectionHeadings()).toEqual(['Summary', 'Raise', 'About this offering', 'Legend']);
    const action = screen.getByRole('button', { name: 'Invest in this offering' });
    const raise = screen.getByRole('heading', { name: 'Raise' });
    // The action comes before the raise in the one column (DOCUMENT_POSITION_FOLLOWING).
    expect(action.compareDocumentPosition(raise) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('an offering on a desktop', () => {
  withViewportWidth(1280);

  it('keeps the raise and texts in the main column, the action and summary beside them', () => {
    renderWithProviders(<OfferingDetails offering={offering} actions={invest} />);
    expect(sectionHeadings()).toEqual(['Raise', 'About this offering', 'Legend', 'Summary']);
  });
});

describe("an offering's target", () => {
  it.each([
    ['1000000', '$1,000,000.00'],
    // Zero is how "no target" may arrive as a decimal string (§2.2).
    ['0.000000', 'None set'],
    // Missing or unreadable: the offering is shown all the same, the target said to be unknown.
    [null, 'Not known: the platform sent no target the portal could read'],
  ])('%s reads "%s"', (targetAmount, words) => {
    renderWithProviders(<OfferingDetails offering={{ ...offering, targetAmount }} />);
    const term = screen.getByText('Target', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe(words);
  });
});

describe("an offering's dates", () => {
  it('names them without a tense, so an offering closed before its end date is not said to close later', () => {
    renderWithProviders(
      <OfferingDetails offering={{ ...offering, status: 'closed', endDate: '2027-07-07' }} />,
    );
    const term = screen.getByText('End date', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('July 7, 2027');
    expect(screen.getByText('Start date', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Closes', { selector: 'dt' })).toBeNull();
  });
});
