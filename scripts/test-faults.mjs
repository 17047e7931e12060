#!/usr/bin/env node
// `npm run test:faults [-- name...]`: the fault suite (faults/README.md). Starts the API, the provider sandbox and
// PostgreSQL as real processes on 127.0.0.1, breaks them, and checks what clients saw and what the database holds.
import { main } from '../faults/lib/harness.mjs';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
