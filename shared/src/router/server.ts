/**
 * The router's server-rendering parts (the shell's prerender, remote pages rendered in the site server) and the
 * tests' MemoryRouter, apart from the facade so browser bundles, which share that facade whole, do not carry them.
 */
export { MemoryRouter, StaticRouter } from 'react-router-dom';
