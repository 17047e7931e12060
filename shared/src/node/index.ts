export { closeOnSignals, type Closable } from './close-on-signals';
export { DiskCache } from './disk-cache';
