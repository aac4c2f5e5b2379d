import type { FastifyInstance } from 'fastify';
import { agentRoutes } from './agent.ts';
import { devsiteRoutes } from './devsites.ts';
import { errorLogRoutes } from './error-logs.ts';
import { installationRoutes } from './installations.ts';
import { websiteRoutes } from './websites.ts';

/**
 * Routes of the hosting area, one file per sub-feature as in domains/: websites,
 * error logs, application installs, development sites; and the web servers' agent API.
 */
export function hostingRoutes(app: FastifyInstance): void {
  websiteRoutes(app);
  errorLogRoutes(app);
  installationRoutes(app);
  devsiteRoutes(app);
  agentRoutes(app);
}
