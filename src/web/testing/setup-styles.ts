/**
 * Each web test file starts with no component styles in the document. The forks run their files
 * one after another in one jsdom document (isolate: false in vitest.config.ts), and Emotion, which
 * MUI styles with, adds a <style> element for every style a component uses and never removes it:
 * one order-book file leaves about 630. Every role query asks jsdom for computed styles (is this
 * element hidden?), which reads all of them, so a file ran up to three times slower late in a fork
 * than alone. Emptying Emotion's default cache between files puts the styles a file uses back as
 * its components render them, and no others.
 */
import { beforeAll } from 'vitest';

if (typeof document !== 'undefined') {
  const { render, cleanup } = await import('@testing-library/react');
  const { __unsafe_useEmotionCache: useEmotionCache } = await import('@emotion/react');
  const { createElement } = await import('react');

  let cache: ReturnType<typeof useEmotionCache> = null;
  function ReadCache() {
    cache = useEmotionCache();
    return null;
  }
  render(createElement(ReadCache));
  cleanup();

  beforeAll(() => {
    if (!cache) return;
    cache.sheet.flush();
    for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
  });
}

export {};
