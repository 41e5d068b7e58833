// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useQuery } from '@tanstack/react-query';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../../contract/session';
import { SectionCard } from '../../../components/description-list';
import { PageHeader } from '../../../components/page-header';
import { ErrorPage } from '../../../components/errors/error-page';
import { bff, startMockBff } from '../../../testing/mock-bff';
import { renderWithProviders } from '../../../testing/render';
import { withViewportWidth } from '../../../testing/viewport';
import { AppLayout } from '../app-layout';
import { sessionOf } from '../../../testing/session';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

const session: Session = sessionOf();

/** A card above the timeline whose data arrives when the test lets it. */
function LinkedBank() {
  const bank = useQuery({
    queryKey: ['linked-bank'],
    queryFn: () => fetch('/api/linked-bank').then((answer) => answer.json() as Promise<string>),
  });
  return (
    <SectionCard title="Bank account for ACH">
      <div aria-busy={bank.isPending}>{bank.data ?? 'Loading'}</div>
    </SectionCard>
  );
}

function renderPortal(bankAnswered: Promise<void> = Promise.resolve(), path = '/receipt') {
  bff.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/gate', () => HttpResponse.json(false)),
    http.get('/api/linked-bank', async () => {
      await bankAnswered;
      return HttpResponse.json('Prairie National Bank');
    }),
  );
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route
          path="/receipt"
          element={
            <>
              <PageHeader title="Investment submitted" />
              <Link to="/money#section-timeline">See it on the account&apos;s timeline</Link>
              <Link to="/money">Money and timeline</Link>
              <Link to="/gate">Account A9999999</Link>
            </>
          }
        />
        <Route path="/gate" element={<AccountGate />} />
        <Route
          path="/money"
          element={
            <>
              <PageHeader title="Money and timeline" />
              <LinkedBank />
              <SectionCard title="Timeline">The investment</SectionCard>
            </>
          }
        />
      </Route>
      <Route path="/sign-in" element={<SignIn />} />
    </Routes>,
    { path },
  );
}

/** A page that says it cannot be shown once it has read whether the person may see it. */
function AccountGate() {
  const access = useQuery({
    queryKey: ['gate'],
    queryFn: () => fetch('/api/gate').then((answer) => answer.json() as Promise<boolean>),
  });
  if (access.data === false) {
    return <ErrorPage title="No access to this account" message="It is not linked to you." />;
  }
  return <PageHeader title="Account A9999999" />;
}

/** Signing in: the form leaves, and the first page of the portal comes. */
function SignIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/receipt', { replace: true })}>
      Sign in
    </button>
  );
}

describe('focus after following a link inside the portal', () => {
  it('lands on the page heading', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal();
    await user.click(await screen.findByRole('link', { name: 'Money and timeline' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Money and timeline' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('lands on the part of the page the link names (#section-timeline), not at its top', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal();
    await user.click(await screen.findByRole('link', { name: "See it on the account's timeline" }));
    const timeline = await screen.findByRole('heading', { level: 2, name: 'Timeline' });
    await waitFor(() => expect(document.activeElement).toBe(timeline));
  });

  it('moves to that part once the cards above it have loaded, which would push it out of view', async () => {
    let answer = () => {};
    const user = userEvent.setup({ delay: null });
    renderPortal(new Promise<void>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('link', { name: "See it on the account's timeline" }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Money and timeline' });
    expect(document.activeElement).toBe(heading);
    answer();
    expect(await screen.findByText('Prairie National Bank')).toBeTruthy();
    const timeline = screen.getByRole('heading', { level: 2, name: 'Timeline' });
    await waitFor(() => expect(document.activeElement).toBe(timeline));
  });
});

describe('focus when the page changes under it, or is the first after signing in', () => {
  it('follows to the heading of the page that replaced the one it was on ("No access"), not to the document', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal();
    await user.click(await screen.findByRole('link', { name: 'Account A9999999' }));
    const refused = await screen.findByRole('heading', {
      level: 1,
      name: 'No access to this account',
    });
    await waitFor(() => expect(document.activeElement).toBe(refused));
  });

  it('lands on the heading of the first page after signing in', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal(Promise.resolve(), '/sign-in');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Investment submitted' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves a page opened by its address to start from the top, as the browser does', async () => {
    renderPortal();
    await screen.findByRole('heading', { level: 1, name: 'Investment submitted' });
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the side menu', () => {
  it.each([
    ['investor', 'Held disbursements'],
    ['admin', 'Disbursement approvals'],
  ] as const)(
    'lists the approvals page for an %s as "%s": an investor approves nothing there',
    async (role, label) => {
      bff.use(
        http.get('/api/session', () =>
          HttpResponse.json({ ...session, user: { ...session.user, role } }),
        ),
      );
      renderWithProviders(
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/money" element={<PageHeader title="Money and timeline" />} />
          </Route>
        </Routes>,
        { path: '/money' },
      );
      const menu = within(await screen.findByRole('navigation', { name: 'Main' }));
      expect(menu.getByRole('link', { name: 'Offerings' })).toBeTruthy();
      expect(
        menu.queryAllByRole('link', { name: /^(Held disbursements|Disbursement approvals)$/ }),
      ).toEqual([menu.getByRole('link', { name: label })]);
    },
  );
});

describe('whom to contact for support', () => {
  it('is said under the navigation, an email address as a link that writes to it', async () => {
    bff.use(
      http.get('/api/config', () =>
        HttpResponse.json({
          sandbox: false,
          platformTimeZone: 'UTC',
          singleSignOn: null,
          supportContact: 'help@bank.example',
        }),
      ),
    );
    renderPortal();
    const link = await screen.findByRole('link', { name: 'help@bank.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@bank.example');
    expect(link.parentElement?.textContent).toBe('Need help? Contact support: help@bank.example');
    // In a landmark of its own, which a screen reader's list of landmarks names.
    expect(screen.getByRole('complementary', { name: 'Support' }).contains(link)).toBe(true);
  });
});
