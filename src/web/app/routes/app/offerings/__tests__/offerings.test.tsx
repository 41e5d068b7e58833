// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferingList } from '../../../../../../contract/offerings';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { offeringFixture } from '../../../../../testing/offering';
import { renderWithProviders } from '../../../../../testing/render';
import { withViewportWidth } from '../../../../../testing/viewport';
import OfferingsRoute from '../offerings';

startMockBff();
afterEach(cleanup);

const none: OfferingList = { offerings: [], skippedRecords: 0 };

describe('the offerings page when it lists no offering', () => {
  it('says none is open yet, with no way to widen what is shown', async () => {
    bff.use(http.get('/api/offerings', () => HttpResponse.json(none)));
    renderWithProviders(<OfferingsRoute />, { path: '/offerings' });
    expect(await screen.findByRole('heading', { name: 'No offerings yet' })).toBeTruthy();
    expect(screen.getByText('When an issuer opens an offering, it appears here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all statuses' })).toBeNull();
  });

  it('under a status filter names the status, and Show all statuses lifts the filter', async () => {
    bff.use(http.get('/api/offerings', () => HttpResponse.json(none)));
    const { router } = renderWithProviders(<OfferingsRoute />, {
      path: '/offerings?status=closed',
    });
    expect(await screen.findByRole('heading', { name: 'No offering is closed' })).toBeTruthy();
    expect(
      screen.getByText(
        'No offering has this status right now. Show all statuses to see the others.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all statuses' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'No offerings yet' })).toBeTruthy();
  });
});

describe('a screen-reader user filters the offerings by status', () => {
  /** Answers the list by its status filter; the closed ones only when the test lets it. */
  function answerByStatus() {
    const openOnes = [
      offeringFixture({ id: '50', name: 'Maple Court Fund' }),
      offeringFixture({ id: '51', name: 'Harbor Lofts', status: 'open' }),
    ];
    let answerClosed = () => {};
    const closedAsked = new Promise<void>((asked) => {
      bff.use(
        http.get('/api/offerings', async ({ request }) => {
          const status = new URL(request.url).searchParams.get('status');
          if (status === 'closed') {
            await new Promise<void>((answer) => {
              answerClosed = answer;
              asked();
            });
            return HttpResponse.json(none);
          }
          const offerings = status
            ? openOnes.filter((offering) => status.split(',').includes(offering.status))
            : openOnes;
          return HttpResponse.json({ offerings, skippedRecords: 0 } satisfies OfferingList);
        }),
      );
    });
    return {
      answerClosed: async () => {
        await closedAsked;
        answerClosed();
      },
    };
  }

  async function choose(status: string) {
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: status }));
  }

  it('hears how many are listed, or that none is, from one status kept on the page', async () => {
    const { answerClosed } = answerByStatus();
    renderWithProviders(<OfferingsRoute />, { path: '/offerings' });
    const status = (await screen.findByText('2 offerings.')).closest('[role="status"]')!;
    expect(status.textContent).toBe('2 offerings.');
    expect(status.closest('[aria-busy]')).toBeNull();

    await choose('Closed');
    await waitFor(() => expect(status.textContent).toBe('Loading the offerings'));
    await answerClosed();
    // The empty state was silent: its sentence is said in the same status, its words changed.
    await waitFor(() => expect(status.textContent).toBe('No offering is closed.'));
    expect(screen.getByRole('heading', { name: 'No offering is closed' })).toBeTruthy();
    expect(screen.getByRole('status')).toBe(status);

    // Named by the status chosen: another status listing as many is told as well.
    await choose('Open for investment');
    await waitFor(() => expect(status.textContent).toBe('2 offerings are open for investment.'));
    await choose('All statuses');
    await waitFor(() => expect(status.textContent).toBe('2 offerings.'));
    expect(screen.getByRole('status')).toBe(status);
  });
});

const aReadableOffering = offeringFixture({ id: '40', name: 'Maple Court Fund' });

describe('the offerings page when the platform sent an offering the portal could not read', () => {
  it('lists the others and names the one left out by its id and the name that could be read', async () => {
    bff.use(
      http.get('/api/offerings', () =>
        HttpResponse.json({
          offerings: [aReadableOffering],
          skippedRecords: 3,
          unreadable: [
            // A right-to-left override left open in the name does not turn the words after it.
            { id: '41', name: 'Harbor Lofts Series B\u202E' },
            { id: '42', name: null },
          ],
        } satisfies OfferingList),
      ),
    );
    renderWithProviders(<OfferingsRoute />, { path: '/offerings' });
    const notice = await screen.findByText(/offerings could not be shown/);
    expect(notice.closest('[role="status"]')?.textContent).toBe(
      '3 offerings could not be shown. The service sent them in a form the portal could not read; everything else is listed. Not shown: offering 41 (\u2068Harbor Lofts Series B\u2069), offering 42 and 1 whose id could not be read either.',
    );
    // The rest of the list is still shown.
    expect(screen.getAllByText(aReadableOffering.name).length).toBeGreaterThan(0);
  });
});

describe('an offering closed before its end date, in the table of a wide screen', () => {
  withViewportWidth(1280);

  it('gives its dates without a tense, so the row does not say it closes after its status says Closed', async () => {
    const closedEarly = offeringFixture({
      id: '43',
      name: 'Blue Mesa Storage',
      status: 'closed',
      startDate: '2026-01-05',
      endDate: '2027-05-22',
    });
    bff.use(
      http.get('/api/offerings', () =>
        HttpResponse.json({ offerings: [closedEarly], skippedRecords: 0 } satisfies OfferingList),
      ),
    );
    renderWithProviders(<OfferingsRoute />, { path: '/offerings' });
    const row = (await screen.findByRole('rowheader', { name: 'Blue Mesa Storage' })).closest(
      'tr',
    )!;
    expect(row.textContent).toContain('From Jan 5, 2026');
    expect(row.textContent).toContain('To May 22, 2027');
    expect(row.textContent).not.toContain('Closes');
  });
});
