import { z } from 'zod';
import { isolate } from './bidi';
import { skippedRecordsSchema } from './skipped';
import { compare, formatMoney } from './decimal';
import { decimalStringSchema, isoDateSchema, localDateTimeSchema } from './money';

/** The offering a route is about, as its path names it. */
export const offeringParamsSchema = z.object({
  offeringId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'offeringId must be 1 to 64 letters or digits'),
});

/** Offering status, lower-cased (the upstream sends Pending, closed, ...: interface document §2.2, §3). */
const offeringStatusSchema = z.string().min(1);

export const offeringSchema = z.object({
  id: z.string(),
  issuerId: z.string(),
  name: z.string(),
  type: z.string(),
  status: offeringStatusSchema,
  unitPrice: decimalStringSchema,
  minAmount: decimalStringSchema,
  /**
   * Null when the platform sent none or one the portal could not read (§2.2 lists the field but
   * not whether it is always there): the offering is still listed, its target said to be unknown
   * (targetInWords). Zero means no target set.
   */
  targetAmount: decimalStringSchema.nullable(),
  maxAmount: decimalStringSchema,
  totalShares: decimalStringSchema,
  remainingShares: decimalStringSchema,
  /** Calendar dates (the upstream's MM-DD-YYYY), null when the upstream sends none or garbage. */
  startDate: isoDateSchema.nullable(),
  endDate: isoDateSchema.nullable(),
  description: z.string(),
  stampingText: z.string(),
  /** Zone-less wall-clock timestamp as the upstream gives it. */
  createdAt: localDateTimeSchema.nullable(),
});
export type Offering = z.infer<typeof offeringSchema>;

export const offeringListQuerySchema = z.object({
  status: z.string().max(40).optional(),
});

/**
 * An offering the platform sent that the portal could not read (a §2.2 record that does not fit: it
 * is left out, the rest listed), named by what of it could be read: its id, and its name when that was
 * readable (null when not).
 */
const unreadableOfferingSchema = z.object({
  id: z.string(),
  /** At most UNREADABLE_NAME_MAX characters: a longer name is cut, ending in "…". */
  name: z.string().nullable(),
});

/**
 * The most of an unreadable offering's name the list shows and the BFF answers, in characters as
 * a person counts them: the platform's free text has no length bound (§2.2 issueName), and a
 * record it sent unreadable is not one whose name can be trusted to be short.
 */
const UNREADABLE_NAME_MAX = 80;

/**
 * `name` cut to `max` characters as a person counts them (grapheme clusters: an accented letter
 * or an emoji is never split), ending in "…" when cut.
 */
export function cutName(name: string, max = UNREADABLE_NAME_MAX): string {
  const kept: string[] = [];
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(
    name,
  )) {
    if (kept.length === max) return `${kept.slice(0, max - 1).join('')}…`;
    kept.push(segment);
  }
  return name;
}
export type UnreadableOffering = z.infer<typeof unreadableOfferingSchema>;

export const offeringListSchema = z.object({
  offerings: z.array(offeringSchema),
  skippedRecords: skippedRecordsSchema,
  /**
   * The records of `skippedRecords` whose id could be read, so the page names them; one whose id
   * could not be read is counted only. Optional, as skippedRecords: absent means none named.
   */
  unreadable: z.array(unreadableOfferingSchema).optional(),
});
export type OfferingList = z.infer<typeof offeringListSchema>;

export const offeringDetailSchema = z.object({ offering: offeringSchema });

/**
 * Which offerings a list left out, in words: "Not shown: offering 12 (Acme Fund) and offering 13."
 * `skipped` is the whole count (skippedRecords): those whose id could not be read either are
 * counted at the end, so the sentence never says fewer than were left out. Empty when none is
 * named.
 */
export function unreadableOfferingsInWords(
  unreadable: readonly UnreadableOffering[],
  skipped = unreadable.length,
): string {
  if (unreadable.length === 0) return '';
  // A name is the platform's free text: isolated, as every name a page prints beside other words.
  const named = unreadable.map((o) =>
    o.name ? `offering ${o.id} (${isolate(o.name)})` : `offering ${o.id}`,
  );
  const idless = skipped - unreadable.length;
  if (idless > 0) named.push(`${idless} whose id could not be read either`);
  const list =
    named.length < 2 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return `Not shown: ${list}.`;
}

/**
 * The target to compute with (balance to raise, the chart's line): null when there is none to
 * compute with, a zero target being "none set" rather than a target already passed by every sale.
 */
export function targetToCompute(targetAmount: string | null): string | null {
  return targetAmount !== null && compare(targetAmount, '0') > 0 ? targetAmount : null;
}

/**
 * The target for people: the amount, "None set" for zero, or that it could not be read (in a
 * list's narrow cell, `short`: "Not known").
 */
export function targetInWords(targetAmount: string | null, short = false): string {
  if (targetAmount === null) {
    return short ? 'Not known' : 'Not known: the platform sent no target the portal could read';
  }
  return compare(targetAmount, '0') > 0 ? formatMoney(targetAmount) : 'None set';
}
