// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  MoneyRequestPageView,
  MoneyRequestView,
} from '../../../../../../contract/money-requests';
import { sessionQueryKey } from '../../../../../features/auth/api/get-session';
import { AppProvider } from '../../../../provider';
import { catchDownloads, csvFile } from '../../../../../testing/downloads';
import { LoaderRoutedPage } from '../../../../../testing/loader-route';
import {
  bff,
  errorAnswer,
  mockPost,
  okAnswer,
  startMockBff,
} from '../../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../../testing/money-request';
import { expectApplied, typeDay } from '../../../../../testing/date-filters';
import { descriptionOf, onFakeDate, renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import { withTimeZones } from '../../../../../testing/time-zones';
import MoneyRequestsRoute, { clientLoader } from '../money-requests';

startMockBff();
afterEach(cleanup);
const downloads = catchDownloads();

function answerRegister(asked: URL[]) {
  bff.use(
    http.get('/api/compliance/money-requests', ({ request }) => {
      asked.push(new URL(request.url));
      const page: MoneyRequestPageView = { requests: [], total: 0, offset: 0, limit: 50 };
      return HttpResponse.json(page);
    }),
  );
}

describe('a reviewer filters the money-requests register', () => {
  it('applies an account typed and entered, and names the days From and To', async () => {
    const asked: URL[] = [];
    answerRegister(asked);
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    expect(
      await screen.findByText(
        'No deposit, disbursement, investment or IRA request has been sent through the portal yet.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();

    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: ' A1040000 ' } });
    fireEvent.keyDown(account, { key: 'Enter' });
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('accountId') === 'A1040000')).toBe(true),
    );
    expect(await screen.findByText('No request matches these filters.')).toBeTruthy();
  });

  it('reads the unset Kind and Outcome as "All kinds" and "All outcomes", not as a blank', async () => {
    answerRegister([]);
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    const kind = await screen.findByRole('combobox', { name: 'Kind' });
    expect(kind.textContent).toBe('All kinds');
    expect(screen.getByRole('combobox', { name: 'Outcome' }).textContent).toBe('All outcomes');
  });
});

describe('a reviewer opens an address whose filters the BFF refuses', () => {
  const refuse = (field: string, message: string) =>
    bff.use(
      http.get('/api/compliance/money-requests', () =>
        errorAnswer(400, {
          code: 'bad_request',
          message: `query.${field}: ${message}`,
          fields: [{ field: `query.${field}`, message }],
        }),
      ),
    );

  it('an unknown kind: told under Kind in words, the select showing what the link said', async () => {
    const message =
      'Kind must be one of Deposit, Disbursement, Investment, IRA request (the link said “foo”)';
    refuse('kind', message);
    renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?kind=foo',
    });
    const form = await screen.findByRole('search', { name: 'Filter money requests' });
    await within(form).findByText(message);
    // Not an empty select over a filter the link still names.
    expect(within(form).getByRole('combobox', { name: 'Kind' }).textContent).toBe(
      '“foo” (not a kind)',
    );
    expect(screen.queryByText(/query\.kind/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a mangled reference: told under Reference, with Clear the filters and no Try again', async () => {
    const message = 'reference must be MR- followed by 10 capital letters or digits';
    refuse('reference', message);
    const { router } = renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?reference=MR-BAD',
    });
    const form = await screen.findByRole('search', { name: 'Filter money requests' });
    await within(form).findByText(message);
    expect(within(form).getByLabelText('Reference').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
    expect(screen.queryByText(/query\.reference/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
  });

  it("asks once for a link the BFF refuses: the loader's read, not again when the page shows it", async () => {
    const message =
      'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000';
    const asked: string[] = [];
    bff.use(
      http.get('/api/compliance/money-requests', ({ request }) => {
        asked.push(new URL(request.url).search);
        return errorAnswer(400, {
          code: 'bad_request',
          message: `query.accountId: ${message}`,
          fields: [{ field: 'query.accountId', message }],
        });
      }),
    );
    render(
      <AppProvider>
        <LoaderRoutedPage
          pattern="/compliance/money-requests"
          path="/compliance/money-requests?accountId=bad%20id!"
          // Under the signed-in layout, whose loader has read the session.
          loader={(queryClient) => {
            queryClient.setQueryData(sessionQueryKey, sessionOf({ role: 'compliance' }));
            return clientLoader(queryClient);
          }}
          element={<MoneyRequestsRoute />}
        />
      </AppProvider>,
    );
    const form = await screen.findByRole('search', { name: 'Filter money requests' });
    await within(form).findByText(message);
    expect(within(form).getByLabelText('Account').getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual(['?accountId=bad+id%21&offset=0&limit=50']);
  });

  it('a period out of order: told under From in its words', async () => {
    const message = 'From must be on or before To';
    refuse('from', message);
    renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?from=2026-12-01&to=2026-11-01',
    });
    const form = await screen.findByRole('search', { name: 'Filter money requests' });
    await within(form).findByText(message);
    expect(within(form).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('To').getAttribute('aria-invalid')).toBe('false');
    expect(
      screen.getByText(
        'The filter marked above breaks its rule: correct it, or clear the filters.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('a reviewer exports the register', () => {
  withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

  it('fetches the filtered register with the CSRF header, and saves the file the BFF names', async () => {
    const exported: Request[] = [];
    answerRegister([]);
    bff.use(
      http.get('/api/compliance/money-requests/export.csv', ({ request }) => {
        exported.push(request);
        // As the BFF answers a request without it (docs/bff-api.md, CSRF).
        if (request.headers.get('X-CSRF') !== '1') {
          return HttpResponse.json(
            {
              error: { code: 'forbidden', message: 'The request is missing the X-CSRF: 1 header.' },
            },
            { status: 403 },
          );
        }
        return csvFile('reference,created_at', 'money-requests-2026-11-28.csv');
      }),
    );
    renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?kind=disbursement&page=2',
    });
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toBe('money-requests-2026-11-28.csv');
    const url = new URL(exported[0].url);
    // The filters, not the page the list is on, and the viewer's zone, whose today names the
    // file (the BFF's clock may be in another day).
    expect(Object.fromEntries(url.searchParams)).toEqual({
      kind: 'disbursement',
      timeZone: 'America/Los_Angeles',
    });
    expect(exported[0].headers.get('X-CSRF')).toBe('1');
  });

  it('keeps the focus on Export CSV while it exports and after, and a second press makes no second file', async () => {
    answerRegister([]);
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    let asked = 0;
    bff.use(
      http.get('/api/compliance/money-requests/export.csv', async () => {
        asked++;
        await answered;
        return csvFile('reference,created_at_utc', 'money-requests-2026-11-28.csv');
      }),
    );
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    const button = await screen.findByRole('button', { name: 'Export CSV' });
    button.focus();
    fireEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(busy).toBe(button);
    // A disabled button would drop the focus to the page's body in a browser.
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    finish();
    await waitFor(() => expect(downloads).toHaveLength(1));
    await screen.findByRole('button', { name: 'Export CSV' });
    expect(asked).toBe(1);
    expect(document.activeElement).toBe(button);
  });

  it('says so on the page when the export fails', async () => {
    answerRegister([]);
    bff.use(
      http.get('/api/compliance/money-requests/export.csv', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }),
      ),
    );
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeTruthy();
    expect(screen.getByText('The export could not be built. Please try again.')).toBeTruthy();
    expect(downloads).toEqual([]);
  });
  it('saves nothing when the file breaks off midway, and says so', async () => {
    answerRegister([]);
    bff.use(
      http.get('/api/compliance/money-requests/export.csv', () => {
        // The first rows arrive, then the answer is aborted (a page of the register could not be
        // read once the file had begun).
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('reference,created_at\r\n'));
            controller.error(new TypeError('terminated'));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed')).toBeTruthy();
    expect(
      screen.getByText(
        'The export broke off before its end, so no file was saved. Please try again.',
      ),
    ).toBeTruthy();
    expect(downloads).toEqual([]);
  });
});

describe('a reviewer narrows the register to one request by our reference', () => {
  it('typed in lower case: asked for as the BFF writes it; what is no reference is told under Reference', async () => {
    const asked: URL[] = [];
    answerRegister(asked);
    renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?reference=MR-0F032VD0M2',
    });
    const reference = await screen.findByRole('textbox', { name: 'Reference' });
    // Followed from the audit log: the field shows the reference, and it is asked for.
    expect(reference).toHaveProperty('value', 'MR-0F032VD0M2');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('reference')).toBe('MR-0F032VD0M2'));
    fireEvent.change(reference, { target: { value: 'mr-5sdsnxskhp' } });
    fireEvent.keyDown(reference, { key: 'Enter' });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('reference')).toBe('MR-5SDSNXSKHP'));
    const count = asked.length;
    fireEvent.change(reference, { target: { value: 'A1040000' } });
    fireEvent.blur(reference);
    expect(descriptionOf(reference)).toBe(
      'Reference must be our reference: MR- followed by 10 letters or digits, such as MR-5SDSNXSKHP',
    );
    expect(asked).toHaveLength(count);
  });
});

describe('a reviewer types an account id in the Account field', () => {
  it('in lower case: the account is asked for as the platform writes it, and the field shows it so', async () => {
    // Arrived by a link written in lower case: leaving the field unchanged keeps the page.
    const { asked, router } = await renderRegister(
      '/compliance/money-requests?accountId=a1040000&page=2',
    );
    const account = screen.getByLabelText('Account');
    fireEvent.focus(account);
    fireEvent.blur(account);
    await act(async () => {});
    expect(router.state.location.search).toBe('?accountId=a1040000&page=2');

    fireEvent.change(account, { target: { value: 'a1040173' } });
    fireEvent.keyDown(account, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?accountId=A1040173'));
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('accountId') === 'A1040173')).toBe(true),
    );
    expect(asked.some((url) => url.searchParams.get('accountId') === 'a1040173')).toBe(false);
    expect(account).toHaveProperty('value', 'A1040173');
  });

  it('that is no account id: told so under Account, and nothing is asked for', async () => {
    const { asked, router } = await renderRegister();
    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: 'A104 0000' } });
    fireEvent.blur(account);

    expect(descriptionOf(account)).toBe(
      'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000',
    );
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(account).toHaveProperty('value', 'A104 0000');
    await act(async () => {});
    expect(router.state.location.search).toBe('');
    expect(asked.some((url) => url.searchParams.has('accountId'))).toBe(false);

    // Corrected, it applies and the message goes.
    fireEvent.change(account, { target: { value: 'A1040000' } });
    fireEvent.blur(account);
    await waitFor(() => expect(router.state.location.search).toBe('?accountId=A1040000'));
    expect(account.getAttribute('aria-invalid')).toBe('false');
  });
});

async function renderRegister(path = '/compliance/money-requests') {
  const asked: URL[] = [];
  answerRegister(asked);
  const rendered = renderWithProviders(<MoneyRequestsRoute />, { path });
  await screen.findByText(/No deposit, disbursement|No request matches/);
  return { asked, router: rendered.router };
}

describe('a reviewer narrows the register to a period', () => {
  it('keeps the From day picked when the To day is picked right after it', async () => {
    const { asked, router } = await renderRegister();
    // Both days are picked before the page renders the first one's URL, as when the route's
    // loader holds the navigation for a moment.
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), {
        target: { value: '2026-11-01' },
      });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    });

    await waitFor(() => {
      const search = router.state.location.search;
      expect(new URLSearchParams(search).get('from')).toBe('2026-11-01');
      expect(new URLSearchParams(search).get('to')).toBe('2026-11-30');
    });
    await waitFor(() =>
      expect(
        asked.some(
          (url) =>
            url.searchParams.get('from') === '2026-11-01' &&
            url.searchParams.get('to') === '2026-11-30',
        ),
      ).toBe(true),
    );
  });

  it('types a From day digit by digit, and no day half typed is asked for', async () => {
    const { asked, router } = await renderRegister();
    const from = screen.getByLabelText('From');
    // What Chromium's date field reports as 11012026 is typed into it: the year reads 0002, 0020
    // and 0202 before 2026.
    for (const value of ['0002-11-01', '0020-11-01', '0202-11-01', '2026-11-01']) {
      fireEvent.keyDown(from, { key: value.at(-1) });
      fireEvent.change(from, { target: { value } });
    }
    fireEvent.blur(from);

    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-01'),
    );
    expect(from).toHaveProperty('value', '2026-11-01');
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('from') === '2026-11-01')).toBe(true),
    );
    expect(asked.map((url) => url.searchParams.get('from'))).toEqual([null, '2026-11-01']);
  });

  it('is told From must be on or before To, as on the audit log, and nothing is asked for', async () => {
    const { asked, router } = await renderRegister('/compliance/money-requests?from=2026-12-01');
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2026-11-01' } });

    expect(descriptionOf(to)).toBe('From must be on or before To; this To day is not applied');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    // The day stays in the field for the reviewer to correct.
    expect(to).toHaveProperty('value', '2026-11-01');
    await act(async () => {});
    expect(new URLSearchParams(router.state.location.search).get('to')).toBeNull();
    expect(asked.some((url) => url.searchParams.has('to'))).toBe(false);

    // The same rule holds from the other end.
    const from = screen.getByLabelText('From');
    fireEvent.change(to, { target: { value: '2026-12-31' } });
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-12-31'),
    );
    fireEvent.change(from, { target: { value: '2027-01-01' } });
    expect(descriptionOf(from)).toBe('From must be on or before To; this From day is not applied');
  });
});

describe('a reviewer in New York narrows the register to their days', () => {
  withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });

  it('asks for the days of their zone, the one its rows are dated in', async () => {
    const { asked } = await renderRegister('/compliance/money-requests?from=2026-11-28');
    await waitFor(() => {
      const last = asked.at(-1);
      expect(last?.searchParams.get('from')).toBe('2026-11-28');
      expect(last?.searchParams.get('timeZone')).toBe('America/New_York');
    });
  });
});

describe('a reviewer moves one end of a period after the other was refused', () => {
  it('sees a From day refused against To applied once To is widened past it', async () => {
    const { asked, router } = await renderRegister('/compliance/money-requests?to=2026-11-30');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    typeDay(from, '2026-12-05');
    expect(descriptionOf(from)).toBe('From must be on or before To; this From day is not applied');

    // To moved, but still before From: the refusal stands and nothing of From is asked for.
    typeDay(to, '2026-12-01');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-12-01'),
    );
    await act(async () => {});
    expect(new URLSearchParams(router.state.location.search).get('from')).toBeNull();
    expect(descriptionOf(from)).toBe('From must be on or before To; this From day is not applied');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    typeDay(to, '2026-12-31');
    // The refusal is no longer true: the From day is checked again and applied, so the list
    // covers the period the two fields show.
    await expectApplied(router, asked, { to: '2026-12-31', from: '2026-12-05' });
    expect(from).toHaveProperty('value', '2026-12-05');
    expect(descriptionOf(from)).toBe('');
    expect(from.getAttribute('aria-invalid')).toBe('false');
  });

  it('sees a To day refused against From applied once From is moved before it', async () => {
    const { asked, router } = await renderRegister('/compliance/money-requests?from=2026-12-01');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    typeDay(to, '2026-11-15');
    expect(descriptionOf(to)).toBe('From must be on or before To; this To day is not applied');

    typeDay(from, '2026-11-01');
    await expectApplied(router, asked, { from: '2026-11-01', to: '2026-11-15' });
    expect(descriptionOf(to)).toBe('');
    expect(to.getAttribute('aria-invalid')).toBe('false');
  });
});

describe('a reviewer leaves a day half typed', () => {
  // Digits typed into one segment of an empty date (a click that lands on the year) leave the
  // browser's field unfinished: its value stays '' and no change event comes, only badInput.
  it('is told to finish it on leaving the field, and nothing is asked for', async () => {
    const { asked, router } = await renderRegister();
    const from = screen.getByLabelText('From');
    Object.defineProperty(from, 'validity', { value: { badInput: true }, configurable: true });
    const before = asked.length;
    fireEvent.blur(from);
    expect(descriptionOf(from)).toBe('From must be a whole date: month, day and year');
    expect(router.state.location.search).toBe('');
    expect(asked).toHaveLength(before);
  });
});

describe('a reviewer goes back from an account filter', () => {
  it('sees the Account field follow the URL', async () => {
    const { asked, router } = await renderRegister();
    const account = screen.getByLabelText('Account');
    fireEvent.change(account, { target: { value: 'zz' } });
    fireEvent.keyDown(account, { key: 'Enter' });
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('accountId') === 'zz')).toBe(true),
    );

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(account).toHaveProperty('value', '');
    expect(
      await screen.findByText(
        'No deposit, disbursement, investment or IRA request has been sent through the portal yet.',
      ),
    ).toBeTruthy();

    await act(() => router.navigate(1));
    expect(account).toHaveProperty('value', 'zz');
  });

  it('keeps the page when the field is left unchanged', async () => {
    const { router } = await renderRegister('/compliance/money-requests?accountId=zz&page=2');
    const account = screen.getByLabelText('Account');
    expect(account).toHaveProperty('value', 'zz');
    fireEvent.focus(account);
    fireEvent.blur(account);
    await act(async () => {});
    expect(router.state.location.search).toBe('?accountId=zz&page=2');
  });
});

describe('a reviewer settles an unknown request by hand from the register', () => {
  const unknown = moneyRequestView();

  const settledNote = () =>
    screen
      .getAllByRole('status')
      .find((status) => status.textContent?.startsWith('MR-7K2Q9D1X4B settled by hand'));

  it('under "Outcome unknown", is told what became of it and offered its account\'s requests, where the row left the list', async () => {
    const settled: MoneyRequestView = {
      ...unknown,
      outcome: 'created',
      upstreamId: 'CFM777001',
      settledAt: '2026-11-21T09:00:00.000Z',
    };
    let done = false;
    const asked: URL[] = [];
    bff.use(
      http.get('/api/compliance/money-requests', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        // Under "Outcome unknown" the settled request is no longer listed.
        const shown =
          url.searchParams.get('outcome') === 'unknown'
            ? done
              ? []
              : [unknown]
            : [done ? settled : unknown];
        const page: MoneyRequestPageView = {
          requests: shown,
          total: shown.length,
          offset: 0,
          limit: 50,
        };
        return HttpResponse.json(page);
      }),
    );
    mockPost('/api/compliance/money-requests/MR-7K2Q9D1X4B/settle', okAnswer(settled, 200));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MoneyRequestsRoute />, {
      path: '/compliance/money-requests?outcome=unknown',
    });
    await user.click(await screen.findByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
    await user.click(within(dialog).getByLabelText('The platform holds it (give its id)'));
    await user.type(within(dialog).getByLabelText(/Platform id/), 'CFM777001');
    await user.type(
      within(dialog).getByLabelText(/What you checked/),
      'Fund moves of A1040000 hold it',
    );
    done = true;
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));

    await screen.findByText('No request matches these filters.');
    const note = settledNote();
    expect(note?.textContent).toContain(
      'settled by hand: accepted, platform id CFM777001. The investor sees this outcome',
    );
    expect(note?.textContent).toContain('The filters above no longer show it.');
    // The focus is on what happened, not dropped to the page with the row and its button.
    await waitFor(() => expect(document.activeElement).toBe(note));

    await user.click(screen.getByRole('button', { name: 'Show the requests of account A1040000' }));
    await waitFor(() => {
      const last = asked.at(-1)!;
      expect(last.searchParams.get('accountId')).toBe('A1040000');
      expect(last.searchParams.get('outcome')).toBeNull();
    });
    expect(await screen.findByText('Accepted')).toBeTruthy();
    // The note stays, now without the offer: the request is listed again.
    expect(settledNote()).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show the requests of account/ })).toBeNull();
  });

  it('in the whole register, where the row stays with its new outcome, is told too', async () => {
    const settled: MoneyRequestView = {
      ...unknown,
      outcome: 'not_sent',
      settledAt: '2026-11-21T09:00:00.000Z',
    };
    let done = false;
    bff.use(
      http.get('/api/compliance/money-requests', () => {
        const page: MoneyRequestPageView = {
          requests: [done ? settled : unknown],
          total: 1,
          offset: 0,
          limit: 50,
        };
        return HttpResponse.json(page);
      }),
    );
    mockPost('/api/compliance/money-requests/MR-7K2Q9D1X4B/settle', okAnswer(settled, 200));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
    await user.click(await screen.findByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' }));
    const dialog = screen.getByRole('dialog', { name: 'Settle MR-7K2Q9D1X4B by hand' });
    await user.click(within(dialog).getByLabelText('It never reached the platform'));
    await user.type(
      within(dialog).getByLabelText(/What you checked/),
      'No trade of A1040000 in this offering',
    );
    done = true;
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));

    // The row's button left with the unknown outcome; the note says what became of it.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' })).toBeNull(),
    );
    await waitFor(() => expect(settledNote()).toBeTruthy());
    expect(settledNote()?.textContent).toContain('settled by hand');
    await waitFor(() => expect(document.activeElement).toBe(settledNote()));
  });
});

describe('a reviewer reads an approved held disbursement while it is being sent', () => {
  it('says "Being sent", when it was approved, and offers no Settle by hand until no call can be running', async () => {
    // Approved at 12:00:00; the BFF's in-flight window (upstream timeout and claim lease) ends
    // at 12:00:40, as the BFF says with the row.
    const sending = moneyRequestView({
      outcome: 'unknown',
      message: 'Approved by a second person; being sent to the platform.',
      beingSent: { approvedAt: '2026-11-28T12:00:00.000Z', until: '2026-11-28T12:00:40.000Z' },
    });
    bff.use(
      http.get('/api/compliance/money-requests', () =>
        HttpResponse.json({ requests: [sending], total: 1, offset: 0, limit: 50 }),
      ),
    );
    await onFakeDate('2026-11-28T12:00:05.000Z', async () => {
      renderWithProviders(<MoneyRequestsRoute />, { path: '/compliance/money-requests' });
      const list = await screen.findByRole('list', { name: 'Money requests' });
      expect(within(list).getByText('Being sent')).toBeTruthy();
      expect(list.textContent).toMatch(/Approved .*2026.*, and being sent to the platform\./);
      expect(list.textContent).toContain('it cannot be settled by hand yet');
      expect(within(list).queryByText('Outcome unknown')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' })).toBeNull();

      // The window passed: now the BFF would let it be recorded either way.
      act(() => vi.advanceTimersByTime(36_000));
      expect(await within(list).findByText('Outcome unknown')).toBeTruthy();
      expect(within(list).queryByText('Being sent')).toBeNull();
      expect(screen.getByRole('button', { name: 'Settle by hand: MR-7K2Q9D1X4B' })).toBeTruthy();
    });
  });
});
