import { z } from 'zod';

/**
 * The portal's rule for the ids of issuers, securities and orders in its paths: digits only, at
 * most 18 of them (interface document §4.6 types issuerId as an integer; the ids the platform
 * issues for securities and orders are numbers too).
 */
export const numericIdSchema = (name: string) =>
  z.string().regex(/^\d{1,18}$/, `${name} must be a number`);

/**
 * The form of the account ids the platform issues: one capital letter, then digits. The interface
 * document says only that the service generates identifiers (§2, conventions); what it issues is
 * `^A[0-9]{7,8}$` (real-world notes, createAccount; the older documentation's "A12345"), as the
 * sandbox's A1040000. The same letter and digits in lower case can therefore name no other account.
 */
const PLATFORM_ACCOUNT_ID = /^[A-Za-z][0-9]+$/;

/**
 * An account id a person typed, as the platform writes it: one in the platform's form in capitals
 * ("a1040000" is A1040000), any other id as typed. The platform reads an account id as written
 * (the sandbox's getAccount does not know "a1040000"), so what a person types is written the
 * platform's way before it is compared or sent.
 */
export const asPlatformAccountId = (id: string): string =>
  PLATFORM_ACCOUNT_ID.test(id) ? id.toUpperCase() : id;
