// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedIssuerAccount } from '../../../../../contract/issuer-workspace';
import { renderWithProviders } from '../../../../testing/render';
import { SavedIssuerAccountCard } from '../saved-issuer-account';

afterEach(cleanup);

const record: SavedIssuerAccount = {
  issuerId: '12',
  companyName: 'Aspen Ridge Capital LLC',
  companyState: 'CO',
  entityType: 'LLC',
  issuingCountry: 'US',
  accountType: 'checking',
  accountMiddleInitial: null,
  residentUs: true,
  citizenUs: true,
  address: { line1: '1 Pearl St', line2: null, city: 'Boulder', zip: '80302', country: 'US' },
  additionalInfo: null,
  status: 'pending',
  createdAt: '2026-11-20 15:04:05',
  createdIp: '127.0.0.1',
  maskedCompanyTaxId: '••-•••6789',
  maskedSocialSecurityNumber: null,
  maskedDateOfBirth: null,
};

describe('issuer staff read the saved issuer account', () => {
  it('read an answer not given in the words of the review before the save', () => {
    renderWithProviders(<SavedIssuerAccountCard savedBy="issuer@demo.test" record={record} />);
    const shown = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      'Additional information': 'Not given',
      'Middle initial': 'Not given',
      'Company tax ID': '••-•••6789',
      // The record cannot be changed: a colleague reads who made it.
      'Saved by': 'issuer@demo.test',
    });
  });

  it('read the state and countries as the lost-save card and the form spell them', () => {
    renderWithProviders(
      <SavedIssuerAccountCard
        savedBy="issuer@demo.test"
        record={{ ...record, maskedDateOfBirth: '••••-••-••' }}
      />,
    );
    const shown = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      State: 'Colorado (CO)',
      'Issuing country': 'United States (US)',
      Address: '1 Pearl St, Boulder, 80302, United States (US)',
      // Hidden entirely, not in a date shape of its own beside the form's.
      'Date of birth': 'Given (hidden)',
    });
  });

  it('read the entity type in words, and one the list does not know as the platform gave it (§4.6)', () => {
    renderWithProviders(
      <SavedIssuerAccountCard
        savedBy="issuer@demo.test"
        record={{ ...record, entityType: 'Soleprop' }}
      />,
    );
    const termOf = (name: string) =>
      screen.getAllByRole('term').find((dt) => dt.textContent === name)?.nextElementSibling
        ?.textContent;
    expect(termOf('Entity type')).toBe('Sole proprietorship');
    cleanup();
    renderWithProviders(
      <SavedIssuerAccountCard
        savedBy="issuer@demo.test"
        record={{ ...record, entityType: 'Trust' }}
      />,
    );
    expect(termOf('Entity type')).toBe('Trust');
  });

  it('read what "Pending" means and that nothing waits on it (§1, §3)', () => {
    renderWithProviders(<SavedIssuerAccountCard savedBy="issuer@demo.test" record={record} />);
    expect(screen.getByText('Status: Pending')).toBeTruthy();
    const words = screen.getByText(/^Pending is the status the platform gives/).textContent;
    expect(words).toContain('The platform does not say that anything follows from it');
    expect(words).toContain('your offerings and their purchase history are not held up by it');
    expect(words).toContain('there is nothing for you to do');
  });
});
