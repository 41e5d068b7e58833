/**
 * The explicit directional formatting characters (embeddings, overrides, isolates and their
 * ends). The platform's free text (names, titles, descriptions: §2.2, §2.5, §2.9) may carry any
 * of them, and one left open, such as a right-to-left override, would reverse what a page prints
 * after the text ("Kim Ortega (A1049342)" read as "(2439401A)").
 */
const DIRECTIONAL_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * The platform's free text as a page prints it beside other words or figures: its own direction
 * controls removed, then isolated (first strong isolate … pop directional isolate, the plain-text
 * form of `<bdi>`), so that a right-to-left name is laid out on its own and whatever follows it
 * (an account id, units, an amount) reads as sent. A string, so that the same isolation serves
 * text built by the BFF, labels, titles and page text alike.
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text.replace(DIRECTIONAL_CONTROLS, '')}${POP_DIRECTIONAL_ISOLATE}`;
}
