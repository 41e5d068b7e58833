/**
 * A quick "cannot match" for the style rules jsdom tries against an element.
 *
 * jsdom computes an element's style by asking its selector engine (nwsapi) whether each rule of
 * every sheet matches the element: its own 120-rule default sheet and Emotion's several hundred
 * one-rule sheets. A role query asks that of every element it looks at and of their ancestors,
 * again after each change to the page, and nwsapi looks each selector up in a cache keyed by a
 * string it builds anew per call. In profiles of the slowest web test files that matching took
 * 18–35 % of the time.
 *
 * Most selectors name what their subject must be: `.css-1x2y3z:hover`, `.MuiInputBase-root
 * .MuiInputBase-input`, `ul, ol`. For those, an element without that class (or id, or tag) is
 * answered "no" here, and nwsapi is asked only when the element could match. A selector this
 * reading is unsure of (an escape, a quote, a namespace, a subject with no class, id or tag) is
 * always passed on. So the answers are nwsapi's own, only sooner; the test in
 * `__tests__/rule-prefilter.test.tsx` compares the two over the sheets the portal's pages write.
 */

import { createRequire } from 'node:module';

/** What the subject of one selector of a list must be, as far as this reading can tell. */
interface Subject {
  tag?: string;
  className?: string;
  id?: string;
}

const BLANK = '\u0001';

/**
 * Blanks out what stands inside (…) and […] with a character no selector syntax uses, so that
 * only top-level commas, combinators, classes, ids and tags remain to be read.
 */
function topLevel(selector: string): string | null {
  let depth = 0;
  let out = '';
  for (const char of selector) {
    if (char === '(' || char === '[') {
      depth += 1;
      out += char;
    } else if (char === ')' || char === ']') {
      depth -= 1;
      if (depth < 0) return null;
      out += char;
    } else out += depth > 0 ? BLANK : char;
  }
  return depth === 0 ? out : null;
}

const TAG = /^([a-zA-Z][\w-]*)/;
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/;
const ID = /#(-?[_a-zA-Z][\w-]*)/;

/**
 * The subjects of a selector list, one for each selector in it, or null when any of them could be
 * any element (then every element is passed on to nwsapi).
 */
export function subjectsOf(selectorList: string): Subject[] | null {
  // Escapes, strings and namespaces change what the characters below mean: not read here.
  if (/["'\\|]/.test(selectorList) || selectorList.includes(BLANK)) return null;
  const blanked = topLevel(selectorList);
  if (blanked === null) return null;
  const subjects: Subject[] = [];
  let start = 0;
  for (let end = 0; end <= blanked.length; end += 1) {
    if (end < blanked.length && blanked[end] !== ',') continue;
    const selector = blanked.slice(start, end).trim();
    start = end + 1;
    // The subject is the compound after the last combinator (descendant, >, + or ~).
    const compound = selector.split(/[\s>+~]+/).pop() ?? '';
    const subject: Subject = {
      tag: TAG.exec(compound)?.[1]?.toLowerCase(),
      className: CLASS.exec(compound)?.[1],
      id: ID.exec(compound)?.[1],
    };
    if (!subject.tag && !subject.className && !subject.id) return null;
    subjects.push(subject);
  }
  return subjects;
}

/**
 * The classes of a `class` attribute's value. The same value string comes back from every element
 * that carries it, so the split is made once; the DOM's classList would go through jsdom's
 * wrapper of a token list at each call, which cost as much as the matching it saves.
 */
const classSets = new Map<string, Set<string>>();
function classesOf(element: Element): Set<string> | null {
  const value = element.getAttribute('class');
  if (value === null) return null;
  let classes = classSets.get(value);
  if (!classes) {
    // Bounded: a fork runs many files, each with its own generated class names.
    if (classSets.size > 20_000) classSets.clear();
    classes = new Set(value.split(/[\t\n\f\r ]+/));
    classSets.set(value, classes);
  }
  return classes;
}

function couldMatch(subjects: Subject[], element: Element): boolean {
  for (const { tag, className, id } of subjects) {
    if (tag !== undefined && element.localName.toLowerCase() !== tag) continue;
    if (className !== undefined && !classesOf(element)?.has(className)) continue;
    if (id !== undefined && element.id !== id) continue;
    return true;
  }
  return false;
}

type Match = (selector: string, element: Element, callback?: unknown) => boolean;

/** Wraps a selector engine's `match` so that elements no selector of the list could match get false. */
export function withPrefilter(match: Match): Match {
  const known = new Map<string, Subject[] | null>();
  return (selector, element, callback) => {
    // A rule with no selector (@font-face, @keyframes) goes to the engine as it came.
    if (typeof selector !== 'string') return match(selector, element, callback);
    let subjects = known.get(selector);
    if (subjects === undefined) {
      subjects = subjectsOf(selector);
      known.set(selector, subjects);
    }
    if (subjects && !couldMatch(subjects, element)) return false;
    return match(selector, element, callback);
  };
}

/** Marks the document whose style matching is prefiltered: the document outlives the files. */
const prefiltered = Symbol.for('portal.tests.rule-prefilter');

/** jsdom's own object behind a document (what its internals work on). */
function documentImpl(document: Document) {
  const { implForWrapper } = createRequire(import.meta.url)(
    'jsdom/lib/jsdom/living/generated/utils.js',
  ) as { implForWrapper: (wrapper: unknown) => Record<string | symbol, unknown> | null };
  return implForWrapper(document);
}

/** Whether the document's style matching goes through the prefilter. */
export const isPrefiltered = (document: Document) => documentImpl(document)?.[prefiltered] === true;

/**
 * jsdom keeps the selector engine it matches style rules with on its document object, made at the
 * first style it computes (jsdom 26: lib/jsdom/living/helpers/selectors.js, `_nwsapiDontThrow`).
 * jsdom has no option for this. Says whether the document's matching is prefiltered: a jsdom
 * without that object (another version) is left as it is, and the test of this file fails.
 */
export function prefilterStyleMatching(document: Document): boolean {
  const impl = documentImpl(document);
  if (!impl || document.compatMode !== 'CSS1Compat') return false;
  if (impl[prefiltered]) return true;
  getComputedStyle(document.documentElement);
  const engine = impl._nwsapiDontThrow as
    { match?: Parameters<typeof withPrefilter>[0] } | undefined;
  if (typeof engine?.match !== 'function') return false;
  engine.match = withPrefilter(engine.match.bind(engine));
  impl[prefiltered] = true;
  return true;
}
