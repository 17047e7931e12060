import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ILLUSTRATED_FILES, illustration } from './illustrations';

// `npm run seed:media -w @institute/api`: rewrites api/seed-media from illustrations.ts after a deliberate change.
const dir = path.resolve(__dirname, '../../../seed-media');
for (const file of ILLUSTRATED_FILES) writeFileSync(path.join(dir, file), illustration(file));
console.log(`wrote ${ILLUSTRATED_FILES.length} illustrations to ${path.relative(process.cwd(), dir) || '.'}`);
