// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../../provider';
import { LoaderRoutedPage, type MemoryRouter } from '../../../../../testing/loader-route';
import { noFundMoves } from '../../../../../testing/fund-move';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { sessionOf } from '../../../../../testing/session';
import ComplianceFundMovesRoute, { clientLoader } from '../fund-moves';

startMockBff();
afterEach(cleanup);

/** The page as the portal routes it: its loader (the session, then the moves) before it. */
function Page({ path, onRouter }: { path: string; onRouter?: (router: MemoryRouter) => void }) {
  return (
    <LoaderRoutedPage
      pattern="/compliance/fund-moves"
      path={path}
      loader={clientLoader}
      element={<ComplianceFundMovesRoute />}
      onRouter={onRouter}
    />
  );
}

const message =
  'Status must be one of Pending, Submitted, Settled, Returned, Voided, Declined (the link said “bogus”)';

/** The BFF refuses the status "bogus" (and lists no move otherwise); the searches asked, in order. */
function refusingBogus(): string[] {
  const asked: string[] = [];
  bff.use(
    http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'compliance' }))),
    http.get('/api/compliance/fund-moves', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      if (url.searchParams.get('status') !== 'bogus') {
        return HttpResponse.json(noFundMoves);
      }
      return errorAnswer(400, {
        code: 'bad_request',
        message: `query.status: ${message}`,
        fields: [{ field: 'query.status', message }],
      });
    }),
  );
  return asked;
}

async function refusalShown() {
  const filters = await screen.findByRole('group', { name: 'Filters' });
  await within(filters).findByText(message);
  expect(within(filters).getByLabelText('Status').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
}

describe('a reviewer opens a link whose filter the BFF refuses', () => {
  it('asks for it once, and shows the refusal under the field it names', async () => {
    const asked = refusingBogus();
    render(
      <AppProvider>
        <Page path="/compliance/fund-moves?status=bogus" />
      </AppProvider>,
    );
    await refusalShown();
    expect(asked).toEqual(['?page=1&status=bogus']);
  });

  it('asks for it once when the page already shows moves (another link, or Back to it)', async () => {
    const asked = refusingBogus();
    let router: MemoryRouter | undefined;
    render(
      <AppProvider>
        <Page path="/compliance/fund-moves" onRouter={(r) => (router = r)} />
      </AppProvider>,
    );
    expect(await screen.findByText('No fund moves match')).toBeTruthy();
    await act(() => router!.navigate('/compliance/fund-moves?status=bogus'));
    await refusalShown();
    // Cleared, then Back to the refused link: asked once more, not twice.
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('No fund moves match')).toBeTruthy();
    await act(() => router!.navigate(-1));
    await refusalShown();
    expect(asked).toEqual(['?page=1', '?page=1&status=bogus', '?page=1&status=bogus']);
  });
});
