require('@testing-library/jest-dom');
afterEach(() => {
  localStorage.clear();
});
