// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Timeline, TimelineEntry } from '../../../../../contract/money-requests';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { AccountTimeline, TimelineSection } from '../account-timeline';

// The viewer is in New York; the platform's zone-less times are UTC (TRANSACT_TIME_ZONE).
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

const entry = (overrides: Partial<TimelineEntry>): TimelineEntry => ({
  kind: 'disbursement',
  id: 'CFM70000115',
  reference: 'MR-VS17ZR49XD',
  fundMove: 'CFM70000115',
  title: 'ACH disbursement to your linked bank',
  description: null,
  amount: '250',
  at: '2026-11-25T06:44:00.000Z',
  atZone: 'utc',
  state:
    "Waiting for the platform's approval: The platform accepted it; nothing has left the account yet.",
  next: null,
  nextBatchAt: null,
  ...overrides,
});

/** A fund move of no stated direction, timed by the platform's zone-less clock. */
const iraTransfer = entry({
  kind: 'fund_move',
  id: 'CFM70000002',
  reference: null,
  title: 'Fund move with Prairie National Bank',
  description: 'IRA transfer',
  at: '2026-11-25T06:44:00',
  atZone: 'upstream',
});

describe('an investor reads the money timeline of an account', () => {
  it('sees the portal’s instants and the platform’s zone-less times alike, in their zone, named', () => {
    renderWithProviders(
      <AccountTimeline accountId="A1040000" entries={[entry({}), iraTransfer]} />,
    );
    const [disbursement, move] = screen.getAllByRole('listitem');
    expect(within(disbursement).getByText(/Nov 25, 2026, 1:44 AM EST/)).toBeTruthy();
    // The same moment from the platform's clock reads the same, with the platform's own reading.
    expect(
      within(move).getByText(/Nov 25, 2026, 1:44 AM EST \(6:44 AM UTC on the platform\)/),
    ).toBeTruthy();
    expect(screen.queryByText(/time zone not stated/)).toBeNull();
  });

  it('reads when the next approval batch decides a move as the Fund moves countdown words it', () => {
    renderWithProviders(
      <AccountTimeline
        accountId="A1040000"
        entries={[
          entry({
            state:
              "Waiting for the platform's approval: The platform accepted it; nothing has left the account yet.",
            next: 'The approval batch decides it.',
            nextBatchAt: '2026-11-29T23:00:00.000Z',
          }),
        ]}
      />,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain(
      'Next: The approval batch decides it. Next batch: Nov 29, 2026, 6:00 PM EST (4:00 PM Mountain Time).',
    );
    expect(item.textContent).not.toContain('your time');
  });

  it('reads a lost investment and the trade that is probably it as one investment, each naming the other', () => {
    renderWithProviders(
      <AccountTimeline
        accountId="A1040000"
        entries={[
          entry({
            kind: 'investment',
            id: '302961',
            reference: null,
            fundMove: null,
            title: 'Investment in Blue Mesa Solar Partners (77 units)',
            amount: '385',
            at: '2026-11-28T12:30:10',
            atZone: 'upstream',
            state: 'Created: waiting for payment and approval',
            probableReference: 'MR-0GFBRQ27J1',
          }),
          entry({
            kind: 'investment',
            id: 'MR-0GFBRQ27J1',
            reference: 'MR-0GFBRQ27J1',
            fundMove: null,
            title: 'Investment in Blue Mesa Solar Partners',
            amount: '385',
            at: '2026-11-28T12:30:00.000Z',
            state:
              'Outcome unknown: The request may have reached the platform, but no answer came back.',
            next: 'Do not send it again. A reviewer checks it with the platform and settles it; if it stays unknown, contact support and quote our reference.',
            probableTradeId: '302961',
          }),
        ]}
      />,
    );
    const [trade, lost] = screen.getAllByRole('listitem');
    expect(
      within(lost).getByText(
        'A trade of the same account, offering and units, 302961, appeared at the platform right after: probably this one; a reviewer confirms it.',
      ),
    ).toBeTruthy();
    expect(
      within(trade).getByText(
        'Probably our MR-0GFBRQ27J1, whose answer was lost: the same investment, not a second one; a reviewer confirms it.',
      ),
    ).toBeTruthy();
    expect(within(trade).queryByText(/appeared at the platform right after/)).toBeNull();
  });

  it('reads a request held back as a repeat quieter than the request it repeats, with no next step', () => {
    const repeated = entry({
      kind: 'investment',
      id: '302954',
      reference: 'MR-F8378B3NB6',
      fundMove: null,
      title: 'Investment in Aspen Ridge Growth Fund I (11 units)',
      amount: '110',
      state: 'Settled: the units are in the account',
    });
    const heldBack = entry({
      ...repeated,
      id: 'MR-Y3D7X7ZH2T',
      reference: 'MR-Y3D7X7ZH2T',
      state:
        'Not sent: It repeats MR-F8378B3NB6, which went through (trade 302954); nothing was sent.',
      heldBack: true,
    });
    renderWithProviders(<AccountTimeline accountId="A1040000" entries={[heldBack, repeated]} />);
    const [quiet, loud] = screen.getAllByRole('listitem');
    expect(within(quiet).queryByText(/^Next:/)).toBeNull();
    const colour = (item: HTMLElement, text: string | RegExp) =>
      getComputedStyle(within(item).getByText(text)).color;
    expect(colour(quiet, '$110.00')).not.toBe(colour(loud, '$110.00'));
    expect(colour(quiet, /^Not sent: It repeats/)).not.toBe(colour(loud, /^Settled/));
  });

  it('calls a move whose direction is not stated a fund move, with the platform’s description', () => {
    renderWithProviders(<AccountTimeline accountId="A1040000" entries={[iraTransfer]} />);
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Fund move')).toBeTruthy();
    expect(within(item).getByText('IRA transfer')).toBeTruthy();
    expect(within(item).queryByText(/Deposit/)).toBeNull();
  });

  it('lists the newest page first and pages through older ones', async () => {
    const user = userEvent.setup({ delay: null });
    const entries = Array.from({ length: 60 }, (_, i) =>
      entry({ id: `CFM${String(70000100 - i)}`, title: `Entry ${i + 1}` }),
    );
    renderWithProviders(<AccountTimeline accountId="A1040000" entries={entries} />);
    const list = screen.getByRole('list', { name: 'Account timeline' });
    const titles = () =>
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent);
    expect(titles()).toHaveLength(25);
    expect(titles()[0]).toBe('Entry 1');
    const pages = screen.getByRole('navigation', { name: 'Pages of the timeline' });
    expect(pages.textContent).toContain('1–25 of 60');

    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(titles()).toEqual(entries.slice(50).map((e) => e.title));
    expect(pages.textContent).toContain('51–60 of 60');
    expect(within(pages).getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);

    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(titles()[0]).toBe('Entry 26');
  });

  it('opens the fund move an entry is or became; an investment has none to open', () => {
    renderWithProviders(
      <AccountTimeline
        accountId="A1040000"
        entries={[
          entry({}),
          entry({ kind: 'investment', id: '302097', reference: null, fundMove: null }),
        ]}
      />,
    );
    const [disbursement, investment] = screen.getAllByRole('listitem');
    expect(
      within(disbursement)
        .getByRole('link', { name: 'Fund move details of CFM70000115' })
        .getAttribute('href'),
    ).toBe('/accounts/A1040000/fund-moves/CFM70000115');
    expect(within(investment).queryByRole('link')).toBeNull();
  });

  it('names a fund move as such, an investment’s trade as the platform id, and an IRA request, which has none, by our reference alone', () => {
    renderWithProviders(
      <AccountTimeline
        accountId="A1040000"
        entries={[
          entry({}),
          entry({ kind: 'investment', id: '302097', reference: 'MR-INVEST0001', fundMove: null }),
          entry({
            kind: 'ira_supplement',
            id: 'MR-7K2Q9D1X4B',
            reference: 'MR-7K2Q9D1X4B',
            fundMove: null,
            title: 'IRA request',
            amount: null,
            state: 'Accepted: The platform accepted the request.',
          }),
        ]}
      />,
    );
    const [disbursement, investment, ira] = screen.getAllByRole('listitem');
    // Not "Platform id": the register's platform id of a disbursement is its request's, another value.
    expect(disbursement.textContent).toContain(
      'Fund move CFM70000115 · Our reference MR-VS17ZR49XD',
    );
    expect(investment.textContent).toContain('Platform id 302097 · Our reference MR-INVEST0001');
    expect(ira.textContent).toContain('Our reference MR-7K2Q9D1X4B');
    expect(ira.textContent).not.toMatch(/Platform id|A1040000|\bID\b/);
  });

  it('shows no page navigation when one page holds them all', () => {
    renderWithProviders(<AccountTimeline accountId="A1040000" entries={[entry({})]} />);
    expect(screen.queryByRole('navigation', { name: 'Pages of the timeline' })).toBeNull();
  });
});

describe('an entry whose title is its kind', () => {
  it('says it once, not as a chip and a heading of the same words', () => {
    renderWithProviders(
      <AccountTimeline
        accountId="A1040000"
        entries={[entry({ kind: 'fund_move', title: 'Fund move', reference: null })]}
      />,
    );
    expect(screen.getAllByText('Fund move')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Fund move' })).toBeTruthy();
  });
});

/** The timeline section of A1040000 as the BFF answers it: one entry, no gap, with `changes`. */
async function renderTimelineOf(changes: Partial<Timeline>) {
  bff.use(
    http.get('/api/accounts/A1040000/timeline', () =>
      HttpResponse.json({
        accountId: 'A1040000',
        entries: [entry({})],
        gaps: [],
        ...changes,
      } satisfies Timeline),
    ),
  );
  renderWithProviders(<TimelineSection accountId="A1040000" />);
  return screen.findByRole('region', { name: 'Timeline' });
}

describe('an investor whose account has a fund move the portal could not read', () => {
  startMockBff();

  it('reads on the timeline, as on Fund moves, that one could not be shown, with the way to Fund moves', async () => {
    const timeline = await renderTimelineOf({ skippedFundMoves: 1 });
    const notice = (await within(timeline).findByText(/could not be shown/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(notice.textContent).toBe(
      '1 fund move could not be shown. The service sent it in a form the portal could not read; everything else is listed. See Fund moves',
    );
    expect(within(notice).getByRole('link', { name: 'See Fund moves' }).getAttribute('href')).toBe(
      '/accounts/A1040000/fund-moves',
    );
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads that an investment could not be shown when a trade could not be read', async () => {
    const timeline = await renderTimelineOf({ skippedTrades: 1 });
    const notice = (await within(timeline).findByText(/could not be shown/)).closest(
      '[role="status"]',
    );
    expect(notice?.textContent).toBe(
      '1 investment could not be shown. The service sent it in a form the portal could not read; everything else is listed.',
    );
  });

  it('is not told "Nothing yet" when the only fund move is the one that could not be read', async () => {
    const timeline = await renderTimelineOf({ entries: [], skippedFundMoves: 2 });
    const notice = (await within(timeline).findByText(/could not be shown/)).closest(
      '[role="status"]',
    );
    expect(notice?.textContent).toContain('2 fund moves could not be shown. The service sent them');
    expect(within(timeline).queryByText('Nothing yet')).toBeNull();
  });
});

describe('an account with more fund moves than the timeline reads', () => {
  startMockBff();

  it('says how many of the latest it shows, of how many, with the way to the older ones', async () => {
    const timeline = await renderTimelineOf({ fundMovesBound: { shown: 10_000, total: 12_345 } });
    const note = (await within(timeline).findByText(/^Showing the latest/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(note.textContent).toBe(
      'Showing the latest 10,000 fund moves of 12,345; older ones: on Fund moves, from page 1,001.',
    );
    // Ten moves a page on Fund moves: the 10,001st, the first not shown here, opens page 1,001.
    expect(
      within(note)
        .getByRole('link', { name: 'on Fund moves, from page 1,001' })
        .getAttribute('href'),
    ).toBe('/accounts/A1040000/fund-moves?page=1001');
  });

  it('says nothing of the kind when every fund move was read', async () => {
    const timeline = await renderTimelineOf({ fundMovesBound: null });
    await within(timeline).findByRole('listitem');
    expect(within(timeline).queryByText(/^Showing the latest/)).toBeNull();
  });
});

describe('an investor whose timeline could be read only in part', () => {
  startMockBff();

  it('can try the part that failed again from where it is told, and sees it once it answers', async () => {
    let reads = 0;
    bff.use(
      http.get('/api/accounts/A1040000/timeline', ({ request }) => {
        reads += 1;
        // The second read is the Try again of the fund moves alone.
        if (reads === 2) expect(new URL(request.url).searchParams.get('retry')).toBe('fund_moves');
        return HttpResponse.json(
          reads === 1
            ? ({
                accountId: 'A1040000',
                entries: [entry({})],
                gaps: [
                  'Fund moves (deposits, and what disbursements took out) could not be read right now.',
                ],
                unread: [
                  {
                    part: 'fund_moves',
                    gap: 'Fund moves (deposits, and what disbursements took out) could not be read right now.',
                  },
                ],
              } satisfies Timeline)
            : ({
                accountId: 'A1040000',
                entries: [
                  entry({}),
                  entry({
                    kind: 'fund_move',
                    id: 'CFM70000002',
                    reference: null,
                    title: 'Fund move with Prairie National Bank',
                    at: '2026-11-24T06:44:00',
                    atZone: 'upstream',
                  }),
                ],
                gaps: [],
              } satisfies Timeline),
        );
      }),
    );
    renderWithProviders(<TimelineSection accountId="A1040000" />);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const gap = (
      await within(timeline).findByText(/Fund moves .* could not be read right now/)
    ).closest('[role="status"]') as HTMLElement;
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.setup().click(within(gap).getByRole('button', { name: 'Try again' }));
    expect(await within(timeline).findByText('Fund move with Prairie National Bank')).toBeTruthy();
    expect(within(timeline).queryByText(/could not be read right now/)).toBeNull();
    expect(reads).toBe(2);
    // The button pressed is gone with its notice: focus is on the entries read, not the page top.
    expect(document.activeElement).not.toBe(document.body);
    expect(timeline.contains(document.activeElement)).toBe(true);
  });

  it('Try again of the part that failed asks for that part only, and keeps what was read when reading it again fails', async () => {
    const movesGap =
      'Fund moves (deposits, and what disbursements took out) could not be read right now.';
    const asked: string[] = [];
    bff.use(
      http.get('/api/accounts/A1040000/timeline', ({ request }) => {
        const retry = new URL(request.url).searchParams.get('retry');
        asked.push(retry ?? 'all');
        if (retry)
          return HttpResponse.json(
            {
              error: {
                code: 'upstream_unavailable',
                message: 'The platform is not answering right now.',
              },
            },
            { status: 503 },
          );
        return HttpResponse.json({
          accountId: 'A1040000',
          entries: [
            entry({ kind: 'investment', id: 'T300001', title: 'Investment in Aspen Ridge' }),
          ],
          gaps: [movesGap],
          unread: [{ part: 'fund_moves', gap: movesGap }],
        } satisfies Timeline);
      }),
    );
    renderWithProviders(<TimelineSection accountId="A1040000" />);
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const gap = (await within(timeline).findByText(movesGap)).closest(
      '[role="status"]',
    ) as HTMLElement;
    await userEvent.setup().click(within(gap).getByRole('button', { name: 'Try again' }));
    expect(
      await within(timeline).findByText(
        /Reading it again failed as well: The platform is not answering right now\./,
      ),
    ).toBeTruthy();
    expect(asked).toEqual(['all', 'fund_moves']);
    // What was read stays: the investment, and the notice with its Try again.
    expect(within(timeline).getByText('Investment in Aspen Ridge')).toBeTruthy();
    expect(within(gap).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a timeline part the platform refused for the portal’s own access', () => {
  startMockBff();

  it('says who must act, in the words a whole page would, with no Try again', async () => {
    const lasting =
      'Fund moves (deposits, and what disbursements took out) could not be read. The portal’s access to the platform is not set up correctly. Please contact support.';
    const moment = 'Investments could not be read right now.';
    const timeline = await renderTimelineOf({
      gaps: [lasting, moment],
      unread: [{ part: 'trades', gap: moment }],
      lasting: [lasting],
    });
    const refused = (await within(timeline).findByText(lasting)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(within(refused).queryByRole('button')).toBeNull();
    // The other part failed for the moment: it keeps its Try again.
    const failed = within(timeline).getByText(moment).closest('[role="status"]') as HTMLElement;
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
