// The development defaults (shared/src/defaults, issue 16), for the Node scripts: the same JSON the packages read.
import { readFileSync } from 'node:fs';

const read = (name) => JSON.parse(readFileSync(new URL(`../../shared/src/defaults/${name}.json`, import.meta.url), 'utf8'));

export const DEV = read('development');
export const DEFAULT_INSTITUTE = read('institute');
