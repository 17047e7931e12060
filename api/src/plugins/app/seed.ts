import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { seed } from '../../db/seed';

/** Accounts and demo content are in place before the first request is served. */
export default fp<{ config: AppConfig }>(async (app, { config }) => {
  const report = await seed({ db: app.db, repos: app.repos, passwords: app.passwords, config, log: app.log });
  if (report.adminCreated || report.studentCreated || report.contentSeeded) app.log.info(report, 'seed applied');
}, { name: 'seed', dependencies: ['db', 'repositories', 'passwords'] });
