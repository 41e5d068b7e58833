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
    renderWithProviders(<SavedIssuerAccountCard record={record} />);
    const shown = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(shown).toMatchObject({
      'Additional information': 'Not given',
      'Middle initial': 'Not given',
      'Company tax ID': '••-•••6789',
    });
  });
});
