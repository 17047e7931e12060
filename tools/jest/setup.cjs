// @ts-expect-error -- its types only extend jest's `expect` (the packages' tsconfigs load them); nothing is exported
require('@testing-library/jest-dom');
afterEach(() => {
  // Tests of server-side helpers run in the node environment, without browser storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
