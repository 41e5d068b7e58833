// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClockInEachTest, renderWithProviders } from '../../../../../testing/render';
import AccountRoute from '../account';
import DisbursementRoute from '../disbursement';

startMockBff();
afterEach(cleanup);

/*
 * A 503 is retried twice, a second and two seconds apart: the clock is faked so the test waits
 * for none of it.
 */
onFakeClockInEachTest();

const unavailable = () =>
  errorAnswer(503, {
    code: 'upstream_unavailable',
    message: 'The platform is not answering. Nothing was submitted.',
    submitted: 'no',
  });

function renderWhileTheUpstreamIsDown(path: string) {
  bff.use(
    http.get('/api/session', unavailable),
    http.get('/api/accounts/:accountId', unavailable),
    http.get('/api/accounts/:accountId/*', unavailable),
    http.get('/api/config', unavailable),
  );
  renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId" element={<AccountRoute />} />
      <Route path="/accounts/:accountId/disbursements/new" element={<DisbursementRoute />} />
    </Routes>,
    { path },
  );
}

describe('an account page while every upstream call answers 503', () => {
  it('keeps its heading, the breadcrumb back to My accounts and a title, above the error', async () => {
    renderWhileTheUpstreamIsDown('/accounts/A1040000');
    const error = await screen.findByText(
      "The account's profile and reviews could not be loaded",
      {},
      { timeout: 10_000 },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account A1040000' })).toBeTruthy();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'My accounts' }).getAttribute('href')).toBe('/accounts');
    expect(document.title).toBe('Account A1040000 · Transact Portal');
    expect(error).toBeTruthy();
  });

  it('keeps the heading and breadcrumbs of a page below the account too', async () => {
    renderWhileTheUpstreamIsDown('/accounts/A1040000/disbursements/new');
    // The page's own read failing is told in its place: the account's profile is not waited for.
    await screen.findByText('The custody account could not be checked', {}, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Request a disbursement' })).toBeTruthy();
    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'Account A1040000' }).getAttribute('href')).toBe(
      '/accounts/A1040000',
    );
    // The tab names the account: each account has a page of that name.
    expect(document.title).toBe('Request a disbursement · Account A1040000 · Transact Portal');
  });
});
