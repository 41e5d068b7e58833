// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { descriptionOf, fill, renderWithProviders } from '../../../../testing/render';
import { SettleLostSaves } from '../settle-lost-saves';
import { sentIssuerAccount } from '../../../../testing/issuer-account';

startMockBff();
afterEach(cleanup);

const endpoint = '/api/issuers/12/issuer-account/settle';
/** What the lost save sent, as the BFF keeps it: the EIN and SSN masked. */
const sent = sentIssuerAccount({ additionalInfo: 'Second account' });
const attempts = [
  { at: '2026-11-20T15:04:05.000Z', by: 'issuer@demo.test', requestId: 'req-lost-7', sent },
];

/** The text of the definition that a term of a description list names. */
const definitionOf = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('issuer staff settle a save whose answer was lost', () => {
  it('see what the lost save sent, to ask the platform by, and each rule on its field before anything is sent', async () => {
    const posted = mockPost(endpoint, okAnswer({ saved: null, unsettled: [] }, 200));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SettleLostSaves issuerId="12" attempts={attempts} onSettled={vi.fn()} />);
    expect(screen.getByText('A save of this issuer account lost its answer')).toBeTruthy();
    // The platform is asked by the details it holds, not by an id of ours it never received.
    expect(screen.getByText(/by issuer@demo\.test/).textContent).toMatch(/^Sent Nov 20, 2026/);
    expect(
      screen.getByText(
        /ask it whether it holds an issuer account of issuer 12 with the details below/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/support id/i)).toBeNull();
    expect(screen.queryByText(/req-lost-7/)).toBeNull();
    expect(definitionOf('Company name')).toBe('Blue Mesa Holdings LLC');
    expect(definitionOf('State')).toBe('Colorado (CO)');
    expect(definitionOf('Issuing country')).toBe('United States (US)');
    expect(definitionOf('Company tax ID (EIN)')).toBe('••-•••4321');

    await fill(user, screen.getByLabelText(/Whom you asked/), 'asked');
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));
    const group = screen.getByRole('radiogroup', { name: /What the platform said/ });
    await waitFor(() => expect(descriptionOf(group)).toMatch(/^Choose what the platform said/));
    expect(descriptionOf(screen.getByLabelText(/Whom you asked/))).toBe(
      'Whom you asked and what they said must say in at least 10 characters whom you asked at the platform',
    );
    expect(posted).toHaveLength(0);
  });

  it('a save made before the portal kept what was sent says so, in place of the details', () => {
    renderWithProviders(
      <SettleLostSaves
        issuerId="12"
        attempts={[{ ...attempts[0], sent: null }]}
        onSettled={vi.fn()}
      />,
    );
    expect(screen.getByText(/What this save sent was not kept/)).toBeTruthy();
    expect(screen.queryByText('Company name', { selector: 'dt' })).toBeNull();
  });

  it('record "it holds nothing" with the reason, and the page is told, with what was sent', async () => {
    const posted = mockPost(endpoint, okAnswer({ saved: null, unsettled: [] }, 200));
    const onSettled = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <SettleLostSaves issuerId="12" attempts={attempts} onSettled={onSettled} />,
    );
    await user.click(screen.getByRole('radio', { name: /The platform does not hold them/ }));
    await fill(user, screen.getByLabelText(/Whom you asked/), 'Platform support, ticket 4411');
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('not_stored', sent));
    expect(posted.map((r) => r.body)).toEqual([
      { outcome: 'not_stored', reason: 'Platform support, ticket 4411' },
    ]);
  });

  it('show a refusal in words and settle nothing', async () => {
    mockPost(
      endpoint,
      errorAnswer(409, {
        code: 'conflict',
        message:
          'No save of this issuer account has an unknown outcome: there is nothing to settle.',
        submitted: 'no',
      }),
    );
    const onSettled = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <SettleLostSaves issuerId="12" attempts={attempts} onSettled={onSettled} />,
    );
    await user.click(screen.getByRole('radio', { name: /The platform holds the details/ }));
    await fill(user, screen.getByLabelText(/Whom you asked/), 'Platform support, ticket 4411');
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));
    const title = await screen.findByText('What the platform said was not recorded');
    expect(title.closest('[role="alert"]')?.textContent).toContain('nothing to settle');
    expect(onSettled).not.toHaveBeenCalled();
  });
});
