import { z } from 'zod';

/**
 * How many records of an upstream list could not be understood and were left out of a reply.
 * The rest of the list is shown; pages say "N records could not be shown". Optional so that
 * replies without a list from the upstream need not carry it; absent means none.
 */
export const skippedRecordsSchema = z.number().int().nonnegative().optional();

/**
 * The ids of the records left out (skippedRecords) whose own id could still be read, so the page
 * names them and the reader can look them up; one whose id could not be read is counted only.
 * Optional, as skippedRecords: absent means none named.
 */
export const unreadableIdsSchema = z.array(z.string()).optional();

/**
 * The gaps of a reply (its words of a part that could not be read, as in its `gaps`) that reading
 * again would not fill: the platform refused the portal's own access, or the portal's kind of
 * credentials cannot make the read (the code upstream_misconfigured of a whole reply). Their words
 * send the person to the portal's operators; the page offers no Try again for them. Absent: none.
 */
export const lastingGapsSchema = z.array(z.string()).optional();
