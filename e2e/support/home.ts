import type { Page } from '@playwright/test';

/** The home page's section headings (spec section 2, Home); the hero holds the h1, the floating buttons none. */
export const HOME = {
  workshop: 'Try a class before you commit',
  features: 'Built around getting you hired',
  blog: 'From Our Blog',
  business: 'Training for your team',
  popular: 'Popular Courses',
  flexible: 'Study the way your week allows',
  mission: 'Our mission and vision',
  certification: 'Finish with a certification employers recognise',
} as const;

/** Section headings and remote fallbacks in document order, so a fallback shows in its section's place. */
export const homeOutline = (page: Page) => page.locator('main h2, main [data-testid="remote-fallback"] > p:first-child');
