// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { revealItem } from '../reveal-field';

startMockBff();
afterEach(cleanup);

function renderTaxId(taxIdKind: 'ein' | 'ssn' = 'ssn', masked = '•••-••-6789') {
  const [label, value] = revealItem({
    objectType: 'account',
    objectId: 'A1040000',
    field: 'taxId',
    masked,
    taxIdKind,
  });
  renderWithProviders(
    <p>
      {label}: {value}
    </p>,
  );
}

describe('a reviewer reveals one value, saying why', () => {
  it('the dialog opens with the focus in its Reason field, the one thing to fill in', async () => {
    renderTaxId();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Tax ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reveal Tax ID' }));
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
  });

  it('a reason too short is named under the field, which takes the focus; nothing is asked', async () => {
    const sent = mockPost('/api/personal-data/reveal', okAnswer({}, 200));
    renderTaxId();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Tax ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reveal Tax ID' }));
    const reason = dialog.getByRole('textbox', { name: /^Reason/ });
    fireEvent.change(reason, { target: { value: 'case' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reveal' }));
    expect(await dialog.findByText('Reason must be at least 10 characters')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('with a reason, the value is asked for once and shown in place of the mask', async () => {
    const sent = mockPost(
      '/api/personal-data/reveal',
      okAnswer(
        {
          objectType: 'account',
          objectId: 'A1040000',
          field: 'taxId',
          value: '123456789',
          revealedAt: '2026-11-25T07:40:00.000Z',
        },
        200,
      ),
    );
    renderTaxId();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Tax ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reveal Tax ID' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Case 4411: identity check' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('123-45-6789')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.map((s) => s.body)).toEqual([
      {
        objectType: 'account',
        objectId: 'A1040000',
        field: 'taxId',
        reason: 'Case 4411: identity check',
      },
    ]);
  });
});

describe('a reviewer reveals the tax id of an entity account', () => {
  it('reads it as the EIN it is (12-3456789), not in Social Security form', async () => {
    mockPost(
      '/api/personal-data/reveal',
      okAnswer(
        {
          objectType: 'account',
          objectId: 'A1040519',
          field: 'taxId',
          value: '887029473',
          revealedAt: '2026-11-25T07:40:00.000Z',
        },
        200,
      ),
    );
    renderTaxId('ein', '••-•••9473');
    expect(screen.getByText('••-•••9473')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Tax ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reveal Tax ID' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Case 4411: entity check' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('88-7029473')).toBeTruthy();
    expect(screen.queryByText('887-02-9473')).toBeNull();
  });
});

describe('a reviewer reveals the bank number of a fund move', () => {
  it('asks for it with the move’s account, as the platform reads a move (§4.4)', async () => {
    const sent = mockPost(
      '/api/personal-data/reveal',
      okAnswer(
        {
          objectType: 'fund_move',
          objectId: 'CFM70000115',
          field: 'bankAccountNumber',
          value: '123456781592',
          revealedAt: '2026-11-25T07:40:00.000Z',
        },
        200,
      ),
    );
    const [label, value] = revealItem({
      objectType: 'fund_move',
      objectId: 'CFM70000115',
      accountId: 'A1040000',
      field: 'bankAccountNumber',
      masked: '••••1592',
    });
    renderWithProviders(
      <p>
        {label}: {value}
      </p>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Reveal/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Returned ACH investigation' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Reveal' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({
      objectType: 'fund_move',
      objectId: 'CFM70000115',
      accountId: 'A1040000',
      field: 'bankAccountNumber',
      reason: 'Returned ACH investigation',
    });
  });
});
