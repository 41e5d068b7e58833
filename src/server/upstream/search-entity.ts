import { z } from 'zod';
import type { EntityParty } from '../../contract/accounts';
import { keywordSearch } from './keyword-search';
import {
  looseObject,
  unreadableAsNull,
  wireId,
  wireReviewDate,
  wireStatus,
  wireText,
} from './wire';

/** §2.6; `KYCstatus`/`AMLstatus` in capitals here, camel case elsewhere (matched loosely). */
const rawEntitySchema = looseObject({
  partyId: wireId,
  domicile: wireText,
  entityName: wireText,
  entityType: wireText,
  entityDesc: wireText,
  ein: wireText,
  primCountry: wireText,
  primAddress1: wireText,
  primAddress2: wireText,
  primCity: wireText,
  primState: wireText,
  primZip: wireText,
  emailAddress: wireText,
  emailAddress2: wireText,
  phone: wireText,
  phone2: wireText,
  totalAssets: wireText,
  ownersAI: wireText,
  KYCstatus: wireStatus,
  AMLstatus: wireStatus,
  // Unreadable reads as not stated, as on the account record (account-wire.ts).
  AMLdate: unreadableAsNull(wireReviewDate),
  tags: wireText,
  notes: wireText,
});

function present(values: (string | null)[]): string[] {
  return values.filter((value): value is string => value !== null);
}

function normalizeEntity(entity: z.output<typeof rawEntitySchema>): EntityParty {
  return {
    id: entity.partyId,
    name: entity.entityName,
    type: entity.entityType,
    description: entity.entityDesc,
    domicile: entity.domicile,
    ein: entity.ein,
    address: {
      line1: entity.primAddress1,
      line2: entity.primAddress2,
      city: entity.primCity,
      state: entity.primState,
      zip: entity.primZip,
      country: entity.primCountry,
    },
    emails: present([entity.emailAddress, entity.emailAddress2]),
    phones: present([entity.phone, entity.phone2]),
    totalAssets: entity.totalAssets,
    ownersAccredited: entity.ownersAI,
    reviews: {
      kyc: { status: entity.KYCstatus, date: null },
      aml: { status: entity.AMLstatus, date: entity.AMLdate },
    },
    tags: entity.tags,
    notes: entity.notes,
  };
}

/** §4.12: every entity party matching the keyword. */
export const searchEntity = keywordSearch(
  'searchEntity',
  'entityDetails',
  rawEntitySchema,
  normalizeEntity,
  { id: 'partyId' },
);
