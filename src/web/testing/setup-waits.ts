/**
 * How long a page test's `findBy…` and `waitFor` wait for what a real user would wait for. Testing
 * Library's one second is enough on a quiet machine, but role queries over a large MUI page take a
 * good part of it when the two cores are also running the integration files, and the CI machine has
 * two. Five seconds is a ceiling, not a pause: a wait ends as soon as what it looks for is there.
 * Only files that run in a DOM (the web tests) load Testing Library for it.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
