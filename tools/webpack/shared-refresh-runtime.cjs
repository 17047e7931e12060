// React Fast Refresh's runtime, one per page (development builds only). Every module's development build bundles
// this file in place of `react-refresh/runtime`: the first module to run (the shell) keeps its copy on the page, and
// the others use that one, so a component edited in a remote is found and refreshed by the runtime React talks to.
// (`react-refresh` is the same file as `react-refresh/runtime`, under a name the alias does not catch.)
const key = '__instituteReactRefreshRuntime';
module.exports = globalThis[key] || (globalThis[key] = require('react-refresh'));
