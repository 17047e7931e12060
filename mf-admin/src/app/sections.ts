import type { AdminPageProps } from '@institute/shared/contract';

export type SectionKey = NonNullable<AdminPageProps['section']>;

export interface SidebarEntry {
  key: Exclude<SectionKey, 'dashboard'>;
  label: string;
  /** The selection lives in the URL, so back/forward and reloads keep it. */
  to: string;
  title: string;
}

/** Users has no route of its own in the spec, so it is the dashboard route with a query (as is Performance). */
export const SIDEBAR: SidebarEntry[] = [
  { key: 'users', label: 'Users', to: '/admin?section=users', title: 'Users' },
  { key: 'courses', label: 'Add Courses', to: '/add-course', title: 'Courses' },
  { key: 'quick-programs', label: 'Quick Programs', to: '/add-quick-program', title: 'Quick Programs' },
  { key: 'gallery', label: 'Gallery', to: '/add-images', title: 'Gallery' },
  { key: 'blog', label: 'Blog', to: '/add-blog', title: 'Blog' },
  { key: 'payments', label: 'Payment', to: '/payment', title: 'Payments' },
  // Field data has no route of its own either: a section of the dashboard route.
  { key: 'performance', label: 'Performance', to: '/admin?section=performance', title: 'Performance' },
];

const KEYS = new Set<string>(SIDEBAR.map((entry) => entry.key));

/** The route's section wins; only the dashboard route reads `?section=` (e.g. /admin?section=users). */
export function resolveSection(routeSection: SectionKey | undefined, query: string | null): SectionKey {
  const base = routeSection ?? 'dashboard';
  if (base === 'dashboard' && query && KEYS.has(query)) return query as SectionKey;
  return base;
}
