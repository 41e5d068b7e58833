// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { descriptionOf, fill, renderWithProviders } from '../../../../testing/render';
import { SettleLostSaves } from '../settle-lost-saves';

startMockBff();
afterEach(cleanup);

const endpoint = '/api/issuers/12/issuer-account/settle';
const attempts = [
  { at: '2026-11-20T15:04:05.000Z', by: 'issuer@demo.test', requestId: 'req-lost-7' },
];

describe('issuer staff settle a save whose answer was lost', () => {
  it('see the lost save by its reference, and each rule on its field before anything is sent', async () => {
    const sent = mockPost(endpoint, okAnswer({ saved: null, unsettled: [] }, 200));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SettleLostSaves issuerId="12" attempts={attempts} onSettled={vi.fn()} />);
    expect(screen.getByText('A save of this issuer account lost its answer')).toBeTruthy();
    expect(screen.getByText(/by issuer@demo\.test/).textContent).toContain(
      'Support id: req-lost-7',
    );

    await fill(user, screen.getByLabelText(/Whom you asked/), 'asked');
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));
    const group = screen.getByRole('radiogroup', { name: /What the platform said/ });
    await waitFor(() => expect(descriptionOf(group)).toMatch(/^Choose what the platform said/));
    expect(descriptionOf(screen.getByLabelText(/Whom you asked/))).toBe(
      'Whom you asked and what they said must say in at least 10 characters whom you asked at the platform',
    );
    expect(sent).toHaveLength(0);
  });

  it('record "it holds nothing" with the reason, and the page is told', async () => {
    const sent = mockPost(endpoint, okAnswer({ saved: null, unsettled: [] }, 200));
    const onSettled = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <SettleLostSaves issuerId="12" attempts={attempts} onSettled={onSettled} />,
    );
    await user.click(screen.getByRole('radio', { name: /The platform does not hold them/ }));
    await fill(user, screen.getByLabelText(/Whom you asked/), 'Platform support, ticket 4411');
    await user.click(screen.getByRole('button', { name: 'Record the answer' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('not_stored'));
    expect(sent.map((r) => r.body)).toEqual([
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
