import type { EntityView } from '../../contract/compliance';

/**
 * An entity party as the BFF answers it in a compliance search, every optional field empty and
 * no review recorded, with changes: each test names only what it is about.
 */
export const entityView = (overrides: Partial<EntityView> = {}): EntityView => ({
  id: 'E2001',
  name: null,
  type: 'llc',
  description: null,
  domicile: null,
  einMasked: null,
  address: { line1: null, line2: null, city: null, state: null, zip: null, country: null },
  emails: [],
  phones: [],
  totalAssets: null,
  ownersAccredited: null,
  reviews: { kyc: { status: null, date: null }, aml: { status: null, date: null } },
  tags: null,
  notes: null,
  ...overrides,
});
