/*
 * Our reference of a money request (the register's MR-…) rides in the one free text the platform
 * keeps with what it creates: a disbursement's additionalDetails, which it echoes (§2.10) into the
 * description of the fund move the disbursement leaves (§4.3), and a deposit's own description
 * (fundCustodyAccount, §4.16; the fund move of §2.9 keeps it). It is what lets reconciliation find
 * a request whose answer was lost, and it says which way the money went: §2.9 has no field for it.
 */

export type NoteDirection = 'in' | 'out';

/** The words before the reference; "Portal ref" is what disbursements have always carried. */
const NOTE_WORDS: Record<NoteDirection, string> = { out: 'Portal ref', in: 'Portal deposit' };

const notePattern = /Portal (ref|deposit) (MR-[0-9A-Z]{10})/;

function writeReferenceNote(reference: string, direction: NoteDirection): string {
  return `${NOTE_WORDS[direction]} ${reference}`;
}

/** Joins a person's own text and our note the way the pages show them: "text · note". */
export function withReferenceNote(
  text: string | null | undefined,
  reference: string | null | undefined,
  direction: NoteDirection,
): string | undefined {
  const parts = [text, reference && writeReferenceNote(reference, direction)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Our reference, and the way the money went by the words before it. */
export interface ReferenceNote {
  reference: string;
  direction: NoteDirection;
}

/** Our reference and the direction its note names, in a text the upstream echoes; or null. */
export function readReferenceNote(text: string | null): ReferenceNote | null {
  const match = text ? notePattern.exec(text) : null;
  if (!match) return null;
  return { reference: match[2], direction: match[1] === 'deposit' ? 'in' : 'out' };
}
