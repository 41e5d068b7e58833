// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { HoldingsResult } from '../../../../../contract/holdings';
import { holdingRow } from '../../../../testing/holdings';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../testing/render';
import { OfferingHolding } from '../offering-holding';

startMockBff();
afterEach(cleanup);

/** The investor's investments: three trades in offering 42, none in 43. */
const holdings: HoldingsResult = {
  state: 'available',
  trades: [holdingRow('T903'), holdingRow('T902'), holdingRow('T901', { units: '4' })],
  byOffering: [
    {
      offeringId: '42',
      offeringName: 'Acme Growth Shares',
      units: '1969',
      amount: '475',
      tradeCount: 3,
    },
  ],
  totalAmount: '475',
  settledAmount: '0',
  pendingAmount: '475',
  complete: true,
  uncounted: [],
  cut: false,
  gaps: [],
};

describe("an offering's page tells the investor what they already hold of it", () => {
  it('names their trades, units and amount in it, and leads to those trades on My investments', async () => {
    bff.use(http.get('/api/holdings', () => HttpResponse.json(holdings)));
    renderWithProviders(<OfferingHolding offeringId="42" />);
    const link = await screen.findByRole('link', {
      name: 'Your trades in this offering on My investments',
    });
    expect(link.getAttribute('href')).toBe('/holdings?offering=42');
    expect(link.parentElement?.textContent).toContain(
      'Your trades in this offering: 3, for 1,969 units ($475.00; cancelled trades left out, as on My investments).',
    );
  });

  it('says they have none yet in an offering they hold nothing of', async () => {
    bff.use(http.get('/api/holdings', () => HttpResponse.json(holdings)));
    renderWithProviders(<OfferingHolding offeringId="43" />);
    expect(await screen.findByText('You have no trade in this offering yet.')).toBeTruthy();
  });

  it('reads it again with Try again when it could not be read a moment ago', async () => {
    // Not answering (503, retried twice by the query client, on a faked clock) until it does.
    let answering = false;
    let reads = 0;
    bff.use(
      http.get('/api/holdings', () => {
        reads++;
        return answering
          ? HttpResponse.json(holdings)
          : HttpResponse.json(
              {
                error: {
                  code: 'upstream_unavailable',
                  message: 'The platform is not answering.',
                },
              },
              { status: 503 },
            );
      }),
    );
    let retry!: HTMLElement;
    await onFakeClock(async () => {
      renderWithProviders(<OfferingHolding offeringId="42" />);
      retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 30_000 });
    });
    const readsBefore = reads;
    answering = true;
    await userEvent.setup({ delay: null }).click(retry);
    expect(await screen.findByText(/^Your trades in this offering: 3/)).toBeTruthy();
    expect(reads).toBe(readsBefore + 1);
  });

  it('says so when what they hold cannot be read, and still leads to My investments', async () => {
    bff.use(
      http.get('/api/holdings', () =>
        HttpResponse.json(
          { error: { code: 'upstream_unavailable', message: 'The platform is not answering.' } },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<OfferingHolding offeringId="42" />);
    expect(
      await screen.findByText(/What you already hold of this offering could not be read right now/),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Your trades in this offering on My investments' }),
    ).toBeTruthy();
  });
});
