// @ts-expect-error -- its types only extend jest's `expect` (the packages' tsconfigs load them); nothing is exported
require('@testing-library/jest-dom');
// findBy*/waitFor give up after 1 s by default, which a loaded 2-core machine overruns on a first render.
if (typeof document !== 'undefined') require('@testing-library/react').configure({ asyncUtilTimeout: 4000 });
afterEach(() => {
  // Tests of server-side helpers run in the node environment, without browser storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
