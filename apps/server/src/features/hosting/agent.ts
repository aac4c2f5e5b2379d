import { createHash, timingSafeEqual } from 'node:crypto';
import * as A from '@portal/contract/hosting/agent';
import { hostingText } from '@portal/contract/hosting/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { claimChanges, finishChange, noteProgress } from './changes.ts';
import { appendLogs } from './logs.ts';
import { claimedChange, sitePaths, siteServer } from './repository.ts';

/**
 * The agent API of the provider's web servers (docs/hosting-agent.md). Each web server has its own
 * bearer credential (PORTAL_AGENT_TOKENS="web1:secret1,web2:secret2"); customer and staff tokens
 * are not accepted. The whole subtree is guarded once, before validation, by an onRequest hook.
 */

export interface AgentCredential {
  name: string;
  digest: Buffer;
}

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/** Parses PORTAL_AGENT_TOKENS; a malformed entry stops the start with a clear error. */
export function parseAgentTokens(value: string | undefined): AgentCredential[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const i = entry.indexOf(':');
      const name = entry.slice(0, i).trim();
      const secret = entry.slice(i + 1).trim();
      if (i <= 0 || !/^[A-Za-z0-9._-]+$/.test(name) || secret.length < 8) {
        throw new Error(
          'PORTAL_AGENT_TOKENS: each entry must be name:secret (a secret of at least 8 characters)',
        );
      }
      return { name, digest: digest(secret) };
    });
}

/** The agent a bearer secret belongs to; compares digests in constant time, over every entry. */
export function agentFor(credentials: AgentCredential[], header: string | undefined): string | null {
  const secret = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!secret) return null;
  const given = digest(secret);
  let found: string | null = null;
  for (const c of credentials) if (timingSafeEqual(c.digest, given) && !found) found = c.name;
  return found;
}

const agents = new WeakMap<FastifyRequest, string>();
const agentOf = (req: FastifyRequest): string => agents.get(req) as string;

export function agentRoutes(app: FastifyInstance): void {
  const credentials = parseAgentTokens(app.deps.config.PORTAL_AGENT_TOKENS);
  app.register(async (api) => {
    api.addHook('onRequest', async (req) => {
      const agent = agentFor(credentials, req.headers.authorization);
      if (!agent) throw new AppError('unauthenticated', hostingText.agentCredentials);
      agents.set(req, agent);
    });
    registerAgentCalls(api);
  });
}

function registerAgentCalls(app: FastifyInstance): void {
  const { deps } = app;

  route(app, A.agentClaim, {
    // 'public' for route(): the credential is the agent's, checked by the hook above.
    access: 'public',
    audit: false,
    handler: async ({ db, body, req }) => {
      const agent = agentOf(req);
      const claimed = await claimChanges(deps, db, agent, body.limit);
      const byVid = await sitePaths(
        db,
        claimed.map((c) => c.vid).filter((v): v is number => v !== null),
      );
      req.log.info({ agent, changes: claimed.map((c) => c.id) }, 'hosting changes claimed');
      return {
        agent,
        changes: claimed.map((c) => ({
          id: c.id,
          kind: c.kind as A.ChangeKind,
          vid: c.vid,
          owner: c.owner,
          virtname:
            (c.vid !== null && byVid.get(c.vid)?.virtname) ||
            (typeof c.payload.virtname === 'string' ? c.payload.virtname : null),
          docroot:
            (c.vid !== null && byVid.get(c.vid)?.docroot) ||
            (typeof c.payload.docroot === 'string' ? c.payload.docroot : null),
          payload: c.payload,
          created_at: c.createdAt.toISOString(),
        })),
      };
    },
  });

  route(app, A.agentReport, {
    access: 'public',
    audit: false,
    handler: async ({ db, body, req }) => {
      const agent = agentOf(req);
      const change = await claimedChange(db, body.id, agent);
      if (!change) throw conflict(hostingText.notClaimed);
      if (body.state === 'applying') {
        await noteProgress(deps, db, change.id, body.message ?? null);
      } else {
        await finishChange(deps, db, change, {
          state: body.state,
          message: body.message,
          details: body.details,
        });
      }
      req.log.info({ agent, change: change.id, state: body.state }, 'hosting change reported');
      return { id: change.id, state: body.state };
    },
  });

  route(app, A.agentLogs, {
    access: 'public',
    audit: false,
    handler: async ({ db, body, req }) => {
      const agent = agentOf(req);
      const site = await siteServer(db, body.vid);
      if (!site) throw notFound(hostingText.vidNotFound);
      if (site.server !== null && site.server !== agent) throw forbidden(hostingText.notThisAgent);
      const { inserted, lastId } = await appendLogs(db, body.vid, body.lines);
      return { inserted, last_log_id: lastId };
    },
  });
}
