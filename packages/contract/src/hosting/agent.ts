import { z } from 'zod';
import { defineCall } from '../http.ts';
import { idNumber, text } from '../rules.ts';

/**
 * The agent API of the provider's web servers (docs/hosting-agent.md). Not spec calls: they carry
 * a web server's own bearer credential (PORTAL_AGENT_TOKENS), never a customer token, so they
 * are declared without `token` and checked by the hosting area's agent guard.
 */

export const ChangeKind = z.enum([
  'php_version',
  'error_logs',
  'install',
  'devsite.create',
  'devsite.promote',
  'devsite.refresh',
]);
export type ChangeKind = z.infer<typeof ChangeKind>;
export const ChangeState = z.enum(['queued', 'applying', 'done', 'failed']);
export type ChangeState = z.infer<typeof ChangeState>;

export const AgentChange = z.object({
  id: z.number(),
  kind: ChangeKind,
  vid: z.number().nullable(),
  owner: z.string(),
  /** The site's virtual name and document root when the change names a site. */
  virtname: z.string().nullable(),
  docroot: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AgentChange = z.infer<typeof AgentChange>;

export const agentClaim = defineCall({
  method: 'POST',
  path: '/api/agent/claim',
  token: false,
  body: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }).default({ limit: 10 }),
  data: z.object({ agent: z.string(), changes: z.array(AgentChange) }),
});

export const agentReport = defineCall({
  method: 'POST',
  path: '/api/agent/report',
  token: false,
  body: z.object({
    id: idNumber,
    /** 'applying' reports progress (message), 'done' and 'failed' are final. */
    state: z.enum(['applying', 'done', 'failed']),
    message: text().max(2000).optional(),
    /** For devsite.create: what the web server set up (defaults are derived from the domain). */
    details: z
      .object({
        vid: idNumber.optional(),
        virtname: text().trim().min(1).max(253).optional(),
        docroot: text().trim().min(1).max(1000).optional(),
      })
      .optional(),
  }),
  data: z.object({ id: z.number(), state: ChangeState }),
});

export const agentLogs = defineCall({
  method: 'POST',
  path: '/api/agent/logs',
  token: false,
  body: z.object({
    vid: idNumber,
    lines: z.array(z.string().max(65_536)).min(1).max(5000),
  }),
  data: z.object({ inserted: z.number(), last_log_id: z.number() }),
});
