// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../../../contract/session';
import { bff, errorAnswer, mockPost, startMockBff } from '../../../../../testing/mock-bff';
import { fill, openReviewAndArm, renderWithProviders } from '../../../../../testing/render';
import IssuerAccountRoute from '../issuer-account';
import { sessionOf } from '../../../../../testing/session';
import { sentIssuerAccount } from '../../../../../testing/issuer-account';

startMockBff();
afterEach(cleanup);

const session: Session = sessionOf({
  email: 'issuer@demo.test',
  name: 'Iris Issuer',
  role: 'issuer_staff',
  accountIds: [],
  issuerIds: ['12'],
});

const endpoint = '/api/issuers/12/issuer-account';
/** What the BFF kept of the lost save: every answer, the EIN masked to its last four digits. */
const sent = sentIssuerAccount({ accountType: 'CHECKING', additionalInfo: 'Operating account' });
const lostSave = {
  at: '2026-11-20T15:04:05.000Z',
  by: 'issuer@demo.test',
  requestId: 'req-1',
  sent,
};

describe('issuer staff leave the issuer account form with answers typed', () => {
  it('are asked first, and staying keeps what they typed', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get(endpoint, () => HttpResponse.json({ saved: null, unsettled: [] })),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<IssuerAccountRoute />, { path: '/issuer/account' });
    await fill(user, await screen.findByLabelText(/^Company name/), 'Aspen Ridge Capital LLC');
    // The menu's "My offerings", as a link would go.
    void router.navigate('/issuer/offerings');
    const ask = await screen.findByRole('alertdialog', {
      name: 'Leave without saving your changes?',
    });
    expect(ask.textContent).toContain('Your changes to the issuer account form are not saved.');
    await user.click(within(ask).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/issuer/account');
    expect(screen.getByLabelText<HTMLInputElement>(/^Company name/).value).toBe(
      'Aspen Ridge Capital LLC',
    );
  });
});

describe('the issuer account page after a save whose answer was lost', () => {
  it('closes the review to the panel that records what the platform said, with focus on its heading', async () => {
    let reads = 0;
    bff.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      // The BFF lists the lost save once it has been made.
      http.get(endpoint, () =>
        HttpResponse.json({ saved: null, unsettled: reads++ === 0 ? [] : [lostSave] }),
      ),
    );
    mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message: 'The service did not answer in time. It may or may not have been submitted.',
        submitted: 'unknown',
        requestId: 'req-1',
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountRoute />);
    await fill(user, await screen.findByLabelText(/^Company name/), 'Aspen Ridge Capital LLC');
    await user.selectOptions(screen.getByLabelText(/^State/), 'CO');
    await user.click(screen.getByRole('checkbox', { name: /^I have checked with the platform/ }));
    const save = () => screen.getByRole('button', { name: 'Save issuer account' });
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review issuer account' })),
      save,
    );
    await user.click(save());

    const dialog = screen.getByRole('dialog', { name: 'Review the issuer account' });
    await within(dialog).findByRole('alert');
    // Closing does not lead back to the form: no "edit" in its words.
    expect(within(dialog).queryByRole('button', { name: /edit/i })).toBeNull();
    await user.click(
      within(dialog).getByRole('button', { name: "Close and record the platform's answer" }),
    );

    const heading = await screen.findByRole('heading', {
      name: 'A save of this issuer account lost its answer',
    });
    expect(screen.queryByRole('form', { name: 'Issuer account' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('opened afresh with a lost save to settle, leaves the focus where it is', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get(endpoint, () => HttpResponse.json({ saved: null, unsettled: [lostSave] })),
    );
    renderWithProviders(<IssuerAccountRoute />);
    await screen.findByRole('heading', { name: 'A save of this issuer account lost its answer' });
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the issuer account page opened afresh with a lost save the platform does not hold', () => {
  it('shows what was sent, and after "does not hold them" the form comes back filled in, the EIN to type again', async () => {
    let settled = false;
    bff.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get(endpoint, () =>
        HttpResponse.json({ saved: null, unsettled: settled ? [] : [lostSave] }),
      ),
      http.post(`${endpoint}/settle`, () => {
        settled = true;
        return HttpResponse.json({ saved: null, unsettled: [] });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountRoute />);
    await screen.findByRole('heading', { name: 'A save of this issuer account lost its answer' });
    expect(screen.getByText('Blue Mesa Holdings LLC')).toBeTruthy();
    expect(screen.getByText('••-•••4321')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /The platform does not hold them/ }));
    await fill(
      user,
      screen.getByLabelText(/Whom you asked/),
      'Platform support, ticket 4411: nothing held',
    );
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));

    const form = await screen.findByRole('form', { name: 'Issuer account' });
    expect(within(form).getByLabelText(/^Company name/)).toHaveProperty(
      'value',
      'Blue Mesa Holdings LLC',
    );
    expect(within(form).getByLabelText(/^State/)).toHaveProperty('value', 'CO');
    expect(within(form).getByLabelText(/^City/)).toHaveProperty('value', 'Denver');
    expect(within(form).getByLabelText(/^Additional information/)).toHaveProperty(
      'value',
      'Operating account',
    );
    // The EIN is kept only masked: it is asked for again, by the ending the person can check.
    expect(within(form).getByLabelText(/^Company tax ID/)).toHaveProperty('value', '');
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(/The answers that save sent are filled in again/);
    expect(status.textContent).toMatch(/Company tax ID \(EIN\), which ended 4321/);
  });
});

describe('the issuer account page opened while a save is on its way (the portal stopped mid-save)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says so at once instead of offering the blank form, and moves on by itself once the outcome is known', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let lost = false;
    bff.use(
      http.get('/api/session', () => HttpResponse.json(session)),
      http.get(endpoint, () =>
        HttpResponse.json(
          lost
            ? { saved: null, unsettled: [lostSave], sending: [] }
            : { saved: null, unsettled: [], sending: [{ ...lostSave, requestId: null }] },
        ),
      ),
    );
    renderWithProviders(<IssuerAccountRoute />);
    const note = await screen.findByRole('heading', {
      name: 'A save of this issuer account is on its way',
    });
    expect(note.closest('[role="status"]')?.textContent).toMatch(
      /Blue Mesa Holdings LLC was sent to the platform by issuer@demo.test .*do not save it again/,
    );
    // No form to send a second record with (§4.6 only creates).
    expect(screen.queryByRole('form', { name: 'Issuer account' })).toBeNull();

    // The sweep finds that its instance stopped: the page re-reads and offers the settling.
    lost = true;
    await vi.advanceTimersByTimeAsync(5_000);
    await screen.findByRole('heading', { name: 'A save of this issuer account lost its answer' });
  });
});
