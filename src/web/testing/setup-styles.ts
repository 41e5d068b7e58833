/**
 * What the component styles cost a web test, kept to what the tests need.
 *
 * Each web test file starts with no component styles in the document. The forks run their files
 * one after another in one jsdom document (isolate: false in vitest.config.ts), and Emotion, which
 * MUI styles with, adds a <style> element for every style a component uses and never removes it:
 * one order-book file leaves about 630. Every role query asks jsdom for computed styles (is this
 * element hidden? what is its name?), which reads all of them, so a file ran up to three times
 * slower late in a fork than alone. Emptying Emotion's default cache between files puts back the
 * styles a file's components use as they render, and no others.
 *
 * Rules with a `:has()` selector are left out of jsdom's document. jsdom's selector engine parses
 * such a selector again each time it matches it against an element, and computing one element's
 * style matches every rule against the element and each of its ancestors: the admin users page
 * (native selects) spent half its test time there. The only ones MUI writes are its native
 * select's caret and adornment padding (custom properties no test reads); nothing that hides or
 * shows an element, which is what the queries ask of the styles.
 *
 * The selector engine jsdom matches those rules with is asked only about elements a rule could
 * match (`rule-prefilter.ts`).
 */
import { beforeAll } from 'vitest';
import { prefilterStyleMatching } from './rule-prefilter';

type EmotionCache = NonNullable<
  ReturnType<typeof import('@emotion/react').__unsafe_useEmotionCache>
>;

/** Marks the sheet once filtered: this file runs before each test file, the cache outlives them. */
const filtered = Symbol.for('portal.tests.no-has-rules');

if (typeof document !== 'undefined') {
  const { render, cleanup } = await import('@testing-library/react');
  const { __unsafe_useEmotionCache: useEmotionCache } = await import('@emotion/react');
  const { createElement } = await import('react');

  const found: { cache?: EmotionCache } = {};
  function ReadCache() {
    found.cache = useEmotionCache() ?? undefined;
    return null;
  }
  render(createElement(ReadCache));
  cleanup();
  const { cache } = found;

  const sheet = cache?.sheet as (EmotionCache['sheet'] & { [filtered]?: true }) | undefined;
  if (sheet && !sheet[filtered]) {
    const insert = sheet.insert.bind(sheet);
    sheet.insert = (rule: string) => {
      if (!rule.includes(':has(')) insert(rule);
    };
    sheet[filtered] = true;
  }

  prefilterStyleMatching(document);

  beforeAll(() => {
    if (!cache) return;
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  });
}

export {};
