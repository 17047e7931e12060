require('@testing-library/jest-dom');
afterEach(() => {
  // Tests of server-side helpers run in the node environment, without browser storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
