// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { raiseInProgress } from '../../../../testing/offering';
import { renderWithProviders } from '../../../../testing/render';
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
