/** The header's links, in the spec's order; desktop and mobile menus render the same list. */
export const NAV_ITEMS = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Courses', to: '/courses' },
  { label: 'Quick Programs', to: '/quick-programs' },
  { label: 'Appointment', to: '/appointment' },
  { label: 'Blog', to: '/blog' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'Contact', to: '/contact' },
] as const;
