// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { auditActionLabel, type AuditEventView } from '../../../../../contract/audit';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { AuditTable } from '../audit-table';

withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });
afterEach(cleanup);

const event: AuditEventView = {
  id: '41',
  at: '2026-11-27T11:28:43.000Z',
  userEmail: 'compliance@demo.test',
  role: 'compliance',
  action: 'sign_in',
  objectType: null,
  objectId: null,
  reason: null,
  outcome: 'succeeded',
  ip: '127.0.0.1',
  requestId: 'cc88e92e-0000-4000-8000-000000000000',
  details: { method: 'password' },
};

describe('a reviewer reads the audit log', () => {
  withViewportWidth(1280);

  it('sees when each event happened with its zone named, and its outcome in full', async () => {
    renderWithProviders(<AuditTable events={[event]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const row = within(grid).getAllByRole('row')[1] as HTMLElement;
    expect(row.querySelector('[data-field="at"]')?.textContent).toBe(
      'Nov 27, 2026, 3:28:43 AM PST',
    );
    // In words, as the rest of the page (the CSV keeps the code); a cell that cannot hold it on
    // one line wraps it instead of cutting it off.
    const outcome = row.querySelector('[data-field="outcome"]');
    expect(outcome?.textContent).toBe('Done');
    expect(outcome?.className).toContain('portal-grid-wrap');
  });

  it('breaks an address only at its @ and its dots, never inside a name', async () => {
    renderWithProviders(
      <AuditTable
        events={[
          {
            ...event,
            action: 'user_role_changed',
            objectType: 'user',
            objectId: '69065b58-d3e5-472b-9e87-f377bbb37d91',
            details: { email: 'investor.two@demo.test' },
          },
        ]}
      />,
    );
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const row = within(grid).getAllByRole('row')[1] as HTMLElement;
    const user = row.querySelector('[data-field="userEmail"]')!;
    expect(user.textContent).toBe('compliance@demo.test (Compliance reviewer)');
    // Where a line may break: after "compliance@", before ".test" (and after a dot before the @).
    expect(user.innerHTML.replace(/<\/?span[^>]*>/g, '')).toBe(
      'compliance@<wbr>demo<wbr>.test (Compliance reviewer)',
    );
    const object = row.querySelector('[data-field="objectType"]')!;
    expect(object.textContent).toContain('User investor.two@demo.test');
    expect(object.innerHTML).toContain('investor.<wbr>two@<wbr>demo<wbr>.test');
  });

  it('breaks an address in the details only at its @ and its dots, never inside a name', async () => {
    const settled: AuditEventView = {
      ...event,
      action: 'money_request_settled',
      details: { via: 'manual', forUserEmail: 'firstname.lastname.contractor@subsidiary.example' },
    };
    renderWithProviders(<AuditTable events={[settled]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const details = within(grid).getAllByRole('row')[1].querySelector('[data-field="details"]')!;
    expect(details.textContent).toContain(
      'For user: firstname.lastname.contractor@subsidiary.example',
    );
    expect(details.innerHTML.replace(/<\/?span[^>]*>/g, '')).toContain(
      'For user: firstname.<wbr>lastname.<wbr>contractor@<wbr>subsidiary<wbr>.example',
    );
  });

  it('reads who settled a request and whom it was for by their addresses, not user ids', async () => {
    const settled: AuditEventView = {
      ...event,
      action: 'money_request_settled',
      details: {
        by: '69065b58-d3e5-472b-9e87-f377bbb37d91',
        via: 'manual',
        forUser: '4fd8738a-250b-4bcc-85c5-0b38db01ed92',
        settled: 'not_sent',
        forUserEmail: 'investor@demo.test',
      },
    };
    renderWithProviders(<AuditTable events={[settled]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const details = within(grid).getAllByRole('row')[1].querySelector('[data-field="details"]');
    expect(details?.textContent).toContain('By: compliance@demo.test');
    expect(details?.textContent).toContain('For user: investor@demo.test');
    expect(details?.textContent).not.toMatch(/69065b58|4fd8738a/);
  });

  it('names a user an admin changed by the email the event keeps, and other objects by their id', async () => {
    const changed: AuditEventView = {
      ...event,
      id: '42',
      action: 'user_role_changed',
      objectType: 'user',
      objectId: '7f3c2a10-0000-4000-8000-000000000000',
      details: { email: 'newbie@demo.test', role: 'compliance' },
    };
    const revealed: AuditEventView = {
      ...event,
      id: '43',
      action: 'personal_data_reveal',
      objectType: 'account',
      objectId: 'A1040000',
      details: { field: 'taxId' },
    };
    renderWithProviders(<AuditTable events={[changed, revealed]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const objects = within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-field="objectType"]')?.textContent);
    expect(objects).toEqual(['User newbie@demo.test', 'Account A1040000Events of A1040000']);
  });

  it('follows each object: the account review, the register on our reference, the approvals, its events', async () => {
    const held: AuditEventView = {
      ...event,
      id: '50',
      userEmail: 'admin@demo.test',
      role: 'admin',
      action: 'disbursement_rejected',
      objectType: 'account',
      objectId: 'A1040346',
      details: { approvalId: 'ap-9', reference: 'MR-5SDSNXSKHP', maker: 'investor2@demo.test' },
    };
    const settled: AuditEventView = {
      ...event,
      id: '49',
      action: 'money_request_settled',
      objectType: 'money_request',
      objectId: 'MR-0F032VD0M2',
      details: { accountId: 'A1040346', forUser: 'u-1', forUserEmail: 'investor2@demo.test' },
    };
    renderWithProviders(<AuditTable events={[held, settled]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const [, heldRow, settledRow] = within(grid).getAllByRole('row');
    const linksOf = (row: HTMLElement) =>
      within(row.querySelector('[data-field="objectType"]') as HTMLElement)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(linksOf(heldRow)).toEqual([
      ['Account A1040346', '/compliance/accounts/A1040346'],
      ['MR-5SDSNXSKHP in the register', '/compliance/money-requests?reference=MR-5SDSNXSKHP'],
      // The one approval, not the whole page.
      ['The approval of MR-5SDSNXSKHP', '/approvals?reference=MR-5SDSNXSKHP'],
      ['Events of MR-5SDSNXSKHP', '/audit?object=MR-5SDSNXSKHP'],
    ]);
    // A money request is named in words, not by the log's type code.
    expect(settledRow.querySelector('[data-field="objectType"]')?.textContent).toMatch(
      /^Money request MR-0F032VD0M2/,
    );
    expect(linksOf(settledRow)).toEqual([
      ['MR-0F032VD0M2 in the register', '/compliance/money-requests?reference=MR-0F032VD0M2'],
      ['Events of MR-0F032VD0M2', '/audit?object=MR-0F032VD0M2'],
    ]);
    // The user it was made for by address.
    expect(settledRow.querySelector('[data-field="details"]')?.textContent).toContain(
      'For user: investor2@demo.test',
    );
    // Held before our references: the approval by its id.
    cleanup();
    renderWithProviders(
      <AuditTable
        events={[
          {
            ...held,
            details: { approvalId: '2f0c6a1e-0000-4000-8000-000000000009', maker: 'x@demo.test' },
          },
        ]}
      />,
    );
    const older = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    expect(linksOf(within(older).getAllByRole('row')[1])).toEqual([
      ['Account A1040346', '/compliance/accounts/A1040346'],
      ['The approval', '/approvals?approval=2f0c6a1e-0000-4000-8000-000000000009'],
      ['Events of A1040346', '/audit?object=A1040346'],
    ]);
  });
  it('reads a role change and its removed links in words: role names, links as the Users page names them, no JSON', async () => {
    const roleChanged: AuditEventView = {
      ...event,
      id: '46',
      userEmail: 'admin@demo.test',
      role: 'admin',
      action: 'user_role_changed',
      objectType: 'user',
      objectId: '8942ce19-0000-4000-8000-000000000000',
      details: {
        to: 'investor',
        from: 'issuer_staff',
        email: 'investor2@demo.test',
        unlinked: [
          { kind: 'security', upstreamId: '10001' },
          { kind: 'account', upstreamId: 'A1040000' },
        ],
      },
    };
    const unlinked: AuditEventView = {
      ...roleChanged,
      id: '47',
      action: 'user_unlinked',
      objectType: 'security',
      objectId: '10001',
      details: {
        roleChanged: { to: 'investor', from: 'issuer_staff' },
        userId: '8942ce19-0000-4000-8000-000000000000',
        email: 'investor2@demo.test',
      },
    };
    renderWithProviders(<AuditTable events={[roleChanged, unlinked]} />);
    const grid = await screen.findByRole('grid', { name: 'Audit events' }, { timeout: 20_000 });
    const rows = within(grid).getAllByRole('row').slice(1);
    const details = rows.map((row) => row.querySelector('[data-field="details"]')?.textContent);
    expect(details).toEqual([
      'Role: Issuer staff → Investor; Email: investor2@demo.test; Links removed with the role: Security 10001, Account A1040000request cc88e92e… (full id cc88e92e-0000-4000-8000-000000000000)',
      'Role change: Issuer staff → Investor; User id: 8942ce19-0000-4000-8000-000000000000; Email: investor2@demo.testrequest cc88e92e… (full id cc88e92e-0000-4000-8000-000000000000)',
    ]);
    expect(rows[0].querySelector('[data-field="userEmail"]')?.textContent).toBe(
      'admin@demo.test (Administrator)',
    );
  });
});

describe('a reviewer reads the audit log on a phone', () => {
  withViewportWidth(375);

  it('reads each event as a card holding every column of the grid, newest first, no grid to pan', () => {
    const disabled: AuditEventView = {
      ...event,
      id: '44',
      userEmail: 'admin@demo.test',
      role: 'admin',
      action: 'user_disabled',
      objectType: 'user',
      objectId: '7f3c2a10-0000-4000-8000-000000000000',
      reason: 'Left the firm',
      details: { email: 'leaver@demo.test', disabled: true },
    };
    renderWithProviders(<AuditTable events={[disabled, event]} />);
    expect(screen.queryByRole('grid')).toBeNull();
    const list = screen.getByRole('list', { name: 'Audit events' });
    expect(list.tagName).toBe('OL');
    const [first, second] = within(list).getAllByRole('listitem');
    const described = (card: HTMLElement) =>
      Object.fromEntries(
        [...card.querySelectorAll('dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent,
        ]),
      );
    expect(first.firstElementChild?.textContent).toBe(`${auditActionLabel('user_disabled')}: Done`);
    expect(described(first)).toEqual({
      When: 'Nov 27, 2026, 3:28:43 AM PST',
      User: 'admin@demo.test (Administrator)',
      Object: 'User leaver@demo.test',
      Reason: 'Left the firm',
      'IP address': '127.0.0.1',
      Details:
        'Email: leaver@demo.test; Disabled: yesrequest cc88e92e… (full id cc88e92e-0000-4000-8000-000000000000)',
    });
    expect(described(second)).toMatchObject({
      User: 'compliance@demo.test (Compliance reviewer)',
      Object: '—',
      Reason: '—',
      Details: expect.stringContaining('Method: password') as string,
    });
  });

  it("breaks the addresses of a card's user and details at their @ and dots, not mid-name", () => {
    const settled: AuditEventView = {
      ...event,
      userEmail: 'compliance.reviewer@demo.test',
      action: 'money_request_settled',
      details: { via: 'manual', forUserEmail: 'firstname.lastname@subsidiary.example' },
    };
    renderWithProviders(<AuditTable events={[settled]} />);
    const [card] = within(screen.getByRole('list', { name: 'Audit events' })).getAllByRole(
      'listitem',
    );
    const value = (term: string) =>
      [...card.querySelectorAll('dt')]
        .find((dt) => dt.textContent === term)!
        .nextElementSibling!.innerHTML.replace(/<\/?span[^>]*>/g, '');
    expect(value('User')).toBe(
      'compliance.<wbr>reviewer@<wbr>demo<wbr>.test (Compliance reviewer)',
    );
    expect(value('Details')).toContain(
      'For user: firstname.<wbr>lastname@<wbr>subsidiary<wbr>.example',
    );
  });

  it('follows an account from its card to its review and its events', () => {
    const viewed: AuditEventView = {
      ...event,
      id: '51',
      action: 'account_viewed',
      objectType: 'account',
      objectId: 'A1040346',
      details: null,
    };
    renderWithProviders(<AuditTable events={[viewed]} />);
    const [card] = within(screen.getByRole('list', { name: 'Audit events' })).getAllByRole(
      'listitem',
    );
    expect(
      within(card)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/compliance/accounts/A1040346', '/audit?object=A1040346']);
  });

  it('reads what a trading-hours save changed, day by day, before and after', () => {
    const hoursSet: AuditEventView = {
      ...event,
      id: '45',
      userEmail: 'issuer@demo.test',
      role: 'issuer_staff',
      action: 'security_hours_updated',
      objectType: 'security',
      objectId: '10002',
      requestId: null,
      details: {
        tuesday: { before: '09:30–16:00 ET', after: 'closed' },
        wednesday: { before: null, after: '11:00–12:30 ET' },
      },
    };
    renderWithProviders(<AuditTable events={[hoursSet]} />);
    const [card] = within(screen.getByRole('list', { name: 'Audit events' })).getAllByRole(
      'listitem',
    );
    const details = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Details');
    expect(details?.nextElementSibling?.textContent).toBe(
      'Tuesday: 9:30 AM – 4:00 PM ET → closed; Wednesday: not read → 11:00 AM – 12:30 PM ET',
    );
  });

  it.each([
    ['unknown', 'Outcome unknown'],
    ['denied', 'Refused'],
    ['failed', 'Failed'],
  ])('says the outcome %s in words, %s, not as its code', (outcome, words) => {
    renderWithProviders(<AuditTable events={[{ ...event, outcome }]} />);
    const list = screen.getByRole('list', { name: 'Audit events' });
    expect(within(list).getAllByRole('listitem')[0].firstElementChild?.textContent).toBe(
      `${auditActionLabel(event.action)}: ${words}`,
    );
  });
});
