import { z } from 'zod';

/** A reference of ours as it could be typed: MR- and ten letters or digits, in any letter case. */
const TYPED_REFERENCE = /MR-[0-9A-Z]{10}/i;

/**
 * A person's free text that goes to the platform beside our reference note (a deposit's
 * description, a wire's additional details; the server's reference-note.ts). It may not carry a
 * reference of ours: a lost request is found by the reference in its fund move's description, and
 * a typed one would let one request's money pass for another's.
 */
export function freeTextBesideReferenceSchema(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .refine(
      (text) => !TYPED_REFERENCE.test(text),
      `${label} cannot contain a portal reference (MR-…): the portal adds its own`,
    );
}
