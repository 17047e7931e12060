import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The screenshot net (issue 33): its own run on a fresh database, so the pages show the seeded content and
 * nothing the journeys created. `npm run test:screenshots` compares; `-- --update-snapshots` rewrites the
 * references after a deliberate change (then look at every changed image before committing it).
 */
export default defineConfig({
  ...base,
  testDir: './visual',
  snapshotPathTemplate: '{testDir}/references/{arg}{ext}',
  retries: 0,
  expect: {
    ...base.expect,
    // A few anti-aliased pixels differ between runs of the same Chromium; a moved or restyled block does not hide in 0.2 %.
    toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
});
