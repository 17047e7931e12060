export { closeOnSignals, type Closable } from './close-on-signals';
