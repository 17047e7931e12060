#!/usr/bin/env node
// `npm run test:cluster [-- name...]`: the production topology of decision 019 on 127.0.0.1 (PostgreSQL, the
// provider sandbox, API instances, the site server, nginx generated from scripts/nginx/institute.conf.template) and
// the checks of issue 17 against it. Same harness as test:faults (faults/README.md); scenarios in faults/cluster/.
import path from 'node:path';
import { main, ROOT } from '../faults/lib/harness.mjs';

main(process.argv.slice(2), { dir: path.join(ROOT, 'faults', 'cluster'), title: 'Cluster suite' }).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
