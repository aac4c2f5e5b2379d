import type { FastifyInstance } from 'fastify';
import { mailInfoRoutes } from './account-info.ts';
import { aliasRoutes } from './aliases.ts';
import { autoResponderRoutes } from './auto-responder.ts';
import { confirmRoutes } from './confirm.ts';
import { newsletterRoutes } from './newsletter.ts';
import { recoveryRoutes } from './recovery.ts';
import { tempEmailRoutes } from './temp-emails.ts';

/** Routes of the mail area: aliases, temporary email, recovery contacts, lists, disk usage, newsletter, auto-responder. */
export function mailRoutes(app: FastifyInstance): void {
  aliasRoutes(app);
  tempEmailRoutes(app);
  recoveryRoutes(app);
  mailInfoRoutes(app);
  newsletterRoutes(app);
  autoResponderRoutes(app);
  confirmRoutes(app);
}
