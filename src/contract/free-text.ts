import { z } from 'zod';

/**
 * A text over its bound says the bound and how far over it the text is: a long note or reason
 * refused as it stands tells the person how much to cut.
 */
function tooLong(label: string, max: number) {
  return {
    error: (issue: { input?: unknown }) => {
      const bound = `${label} can be at most ${max} characters`;
      if (typeof issue.input !== 'string') return bound;
      const over = issue.input.length - max;
      return `${bound}: this one has ${issue.input.length}, ${over} too many`;
    },
  };
}

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
    .max(max, tooLong(label, max))
    .refine(
      (text) => !TYPED_REFERENCE.test(text),
      `${label} cannot contain a portal reference (MR-…): the portal adds its own`,
    );
}

/**
 * A required line of text a person types (a name, a street, a note), trimmed: blank is "required",
 * and the bound is told under the field's label.
 */
export function requiredTextSchema(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max));
}

/** The bounds of a reason given for a decision taken by hand (`reasonForDecisionSchema`). */
const REASON_MIN = 10;
const REASON_MAX = 500;

/**
 * What a person writes to explain a decision taken by hand (rejecting a held disbursement,
 * settling a request or a lost save after checking with the platform), kept beside the decision.
 * Named as its dialog labels it; `what` says what the text must tell, so that a reason too short
 * to tell anything says what is missing.
 */
export function reasonForDecisionSchema(label: string, what: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(REASON_MIN, `${label} must say in at least ${REASON_MIN} characters ${what}`)
    .max(REASON_MAX, tooLong(label, REASON_MAX));
}
