import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_SECTION_PATHS } from '@institute/shared/contract';
import { API_URL, ROOT } from './stack';

/**
 * Every path of the shell's route table: its `{ path: '/x', ... }` entries, read from its source (the table imports
 * React pages, which the test runner cannot load), and the admin routes, which the contract lists.
 */
export function routeTablePatterns(): string[] {
  const source = readFileSync(path.join(ROOT, 'shell', 'src', 'app', 'route-table.tsx'), 'utf8');
  const table = source.slice(source.indexOf('export const ROUTES'));
  return [...[...table.matchAll(/\{ path: '(\/[^']*)'/g)].map((m) => m[1]!), ...Object.values(ADMIN_SECTION_PATHS)];
}

async function firstId(list: string): Promise<string> {
  const items = (await (await fetch(`${API_URL}${list}`)).json()) as { _id: string }[];
  return items[0]!._id;
}

/** Each pattern with a real id where it has one (a course, program or blog that exists). */
export async function routeTablePaths(): Promise<string[]> {
  const ids: Record<string, string> = {
    '/courses/:id': await firstId('/api/courses'),
    '/quick-programs/:id': await firstId('/api/quick-programs'),
    '/blog/:id': await firstId('/api/blogs'),
  };
  return routeTablePatterns().map((pattern) => (ids[pattern] ? pattern.replace(':id', ids[pattern]!) : pattern.replace(/:\w+/g, 'unknown')));
}
