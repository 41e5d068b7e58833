// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import {
  descriptionOf,
  fill,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../testing/render';
import { IssuerAccountFormPanel } from '../issuer-account-form';

startMockBff();
afterEach(cleanup);

const endpoint = '/api/issuers/12/issuer-account';
const field = (label: string) => screen.getByLabelText(label, { exact: false });
const checkedBox = () =>
  screen.getByRole('checkbox', {
    name: 'I have checked with the platform that it holds no issuer account of this issuer',
  });
const save = () =>
  within(screen.getByRole('dialog', { name: 'Review the issuer account' })).getByRole('button', {
    name: 'Save issuer account',
  });

describe('issuer staff save the issuer account (§4.6 createIssuerAccount)', () => {
  it('are told each rule on its field, focus on the first one, and nothing is sent', async () => {
    const sent = mockPost(endpoint, okAnswer({ records: [] }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} />);
    await fill(user, field('Company tax ID (EIN)'), '00-1234567');
    await fill(user, field('Social Security number'), '123-45-678');
    await user.clear(field('Issuing country'));
    await fill(user, field('Issuing country'), 'XX');
    await user.click(screen.getByRole('button', { name: 'Review issuer account' }));

    const company = field('Company name');
    await waitFor(() => expect(descriptionOf(company)).toBe('Company name is required'));
    expect(document.activeElement).toBe(company);
    expect(descriptionOf(field('Company tax ID (EIN)'))).toBe(
      'Company tax ID cannot start with 00',
    );
    expect(descriptionOf(field('Social Security number'))).toBe(
      'Social Security number must be 9 digits, such as 123-45-6789',
    );
    // Named as the field is labelled, not "Country", which is another field of the form.
    expect(descriptionOf(field('Issuing country'))).toBe(
      'Issuing country "XX" is not an ISO 3166 country code',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("are told the holder's rules by the holder's fields as labelled", async () => {
    const sent = mockPost(endpoint, okAnswer({ records: [] }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} />);
    await fill(user, field("Holder's middle initial"), 'AB');
    // Ten years old: under the 18 years the platform asks of the holder.
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-01-01`;
    await fill(user, field("Holder's date of birth"), tenYearsAgo);
    await user.click(screen.getByRole('button', { name: 'Review issuer account' }));
    await waitFor(() =>
      expect(descriptionOf(field("Holder's middle initial"))).toBe(
        "Holder's middle initial is one letter",
      ),
    );
    expect(descriptionOf(field("Holder's date of birth"))).toBe(
      "Holder's date of birth must show an age of 18 or older",
    );
    expect(sent).toHaveLength(0);
  });

  it("offer no autofill of the staff member's own data in the holder's fields and the address", () => {
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} />);
    // Another person's data: a personal token (bday, address-line1) would offer the staff
    // member's own, and save the holder's among theirs.
    for (const label of [
      "Holder's middle initial",
      'Social Security number',
      "Holder's date of birth",
      'Address line 1',
      'Address line 2',
      'City',
      'ZIP code',
      'Country',
    ]) {
      expect(screen.getByLabelText(label).getAttribute('autocomplete'), label).toBe('off');
    }
  });

  it('review what will be kept, a refusal is "not submitted", and the retry reuses the key', async () => {
    const sent = mockPost(
      endpoint,
      errorAnswer(429, {
        code: 'rate_limited',
        message: 'Too many requests; wait a minute.',
        submitted: 'no',
      }),
      okAnswer({ records: [] }),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={onSaved} />);
    await fill(user, field('Company name'), '  Aspen Ridge Capital LLC ');
    await user.selectOptions(field('State'), 'CO');
    await user.selectOptions(field('Entity type'), 'LLC');
    await fill(user, field('Company tax ID (EIN)'), '12-3456789');
    await fill(user, field('Social Security number'), '123-45-6789');
    await user.click(checkedBox());
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review issuer account' })),
      save,
    );

    const dialog = screen.getByRole('dialog', { name: 'Review the issuer account' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    const shown = Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      'Company name': 'Aspen Ridge Capital LLC',
      State: 'Colorado (CO)',
      'Entity type': 'Limited liability company (LLC)',
      'Account type': 'Not given',
      // Written as the field's hint shows it, not as the digits the form keeps.
      'Company tax ID (EIN)': '12-3456789',
      'Social Security number': '123-45-6789',
    });
    // The review says what saving does, after the person's confirmation.
    expect(dialog.textContent).toContain(
      'You confirmed that it holds no issuer account of issuer 12: saving adds one.',
    );

    await user.click(save());
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('Not submitted');
    expect(refusal.textContent).toContain('Too many requests');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ records: [] }, expect.anything()));
    expect(sent).toHaveLength(2);
    expect(sent[0].body).toMatchObject({
      companyName: 'Aspen Ridge Capital LLC',
      companyState: 'CO',
      entityType: 'LLC',
      issuingCountry: 'US',
      checkedNoIssuerAccount: true,
    });
    expect(sent[1].body).toEqual(sent[0].body);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  });

  it('after a lost answer are sent to the platform with the details of the save, never to this page or a second save', async () => {
    const sent = mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message: 'The service did not answer in time. It may or may not have been submitted.',
        submitted: 'unknown',
        requestId: 'req-issuer-lost-1',
      }),
    );
    const user = userEvent.setup({ delay: null });
    const closed = vi.fn();
    renderWithProviders(
      <IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} onOutcomeUnknownClosed={closed} />,
    );
    await fill(user, field('Company name'), 'Aspen Ridge Capital LLC');
    await user.selectOptions(field('State'), 'CO');
    await user.click(checkedBox());
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review issuer account' })),
      save,
    );
    await user.click(save());

    const dialog = screen.getByRole('dialog', { name: 'Review the issuer account' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('We do not know whether this was submitted');
    // The platform is asked by the details it holds: it never received an id of ours.
    expect(alert.textContent).toContain(
      'ask the platform whether it holds an issuer account of this issuer with these details (company name, state, EIN ending)',
    );
    expect(alert.textContent).not.toMatch(/quoting/);
    expect(alert.textContent).toContain('saving them again would add a second record');
    expect(alert.textContent).toContain(
      'For help with it, contact support and give them this reference: req-issuer-lost-1',
    );
    expect(alert.textContent).not.toContain('reload');
    expect(
      within(dialog).queryByRole('button', { name: /Try again|Save issuer account/ }),
    ).toBeNull();
    expect(sent).toHaveLength(1);
    // Closing it hands the lost save to the page, which shows it to be settled.
    expect(closed).not.toHaveBeenCalled();
    // Its words name where closing leads: not back to the form.
    await user.click(
      within(dialog).getByRole('button', { name: "Close and record the platform's answer" }),
    );
    expect(closed).toHaveBeenCalledTimes(1);
    // With what was typed, so the page can start from it if the platform holds nothing.
    expect(closed.mock.calls[0][0]).toMatchObject({
      companyName: 'Aspen Ridge Capital LLC',
      companyState: 'CO',
    });
  });

  it('start from the answers of a lost save the platform did not hold', () => {
    renderWithProviders(
      <IssuerAccountFormPanel
        issuerId="12"
        onSaved={vi.fn()}
        initial={{
          companyName: 'Aspen Ridge Capital LLC',
          companyState: 'CO',
          issuingCountry: 'US',
          accountType: 'CHECKING',
          entityType: 'LLC',
          companyTaxId: '12-3456789',
          accountMiddleInitial: '',
          socialSecurityNumber: '',
          dateOfBirth: '',
          residentUs: 'Yes',
          citizenUs: 'Yes',
          addressLine1: '',
          addressLine2: '',
          city: '',
          zip: '',
          country: '',
          additionalInfo: '',
          checkedNoIssuerAccount: false,
        }}
      />,
    );
    expect((field('Company name') as HTMLInputElement).value).toBe('Aspen Ridge Capital LLC');
    expect((field('State') as HTMLSelectElement).value).toBe('CO');
    expect((field('Company tax ID (EIN)') as HTMLInputElement).value).toBe('12-3456789');
  });

  it('are told before a first save that the platform may already hold an account, and cannot review without confirming it holds none', async () => {
    const sent = mockPost(endpoint, okAnswer({ records: [] }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} />);
    // Said before anything is typed: the portal cannot read an account set up outside it.
    const warning = screen.getByRole('heading', {
      name: 'The platform may already hold an issuer account',
    }).parentElement!;
    expect(warning.textContent).toContain(
      'An issuer account of issuer 12 may have been set up on the platform outside the portal',
    );
    expect(warning.textContent).toContain('Saving adds another record even if one exists');
    await fill(user, field('Company name'), 'Aspen Ridge Capital LLC');
    await user.selectOptions(field('State'), 'CO');
    await user.click(screen.getByRole('button', { name: 'Review issuer account' }));

    await waitFor(() =>
      expect(descriptionOf(checkedBox())).toBe(
        'Tick "I have checked with the platform that it holds no issuer account of this issuer": the platform may already hold an issuer account of this issuer, and saving adds another record',
      ),
    );
    expect(document.activeElement).toBe(checkedBox());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('review a date of birth in the order the date field shows it and countries by name', async () => {
    mockPost(endpoint, okAnswer({ records: [] }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IssuerAccountFormPanel issuerId="12" onSaved={vi.fn()} />);
    await fill(user, field('Company name'), 'Aspen Ridge Capital LLC');
    await user.selectOptions(field('State'), 'CO');
    await fill(user, field("Holder's date of birth"), '1980-05-06');
    await user.click(checkedBox());
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review issuer account' })),
      save,
    );
    const dialog = screen.getByRole('dialog', { name: 'Review the issuer account' });
    const shown = Object.fromEntries(
      within(dialog)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      "Holder's date of birth": '05/06/1980',
      'Issuing country': 'United States (US)',
      Country: 'United States (US)',
      State: 'Colorado (CO)',
    });
  });
});
