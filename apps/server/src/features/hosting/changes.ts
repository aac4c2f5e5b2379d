import type { ChangeKind } from '@portal/contract/hosting/agent';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { languageOf } from '../../lib/notify.ts';
import {
  applyWebsiteSettings,
  type ChangeRow,
  changesQueuedBefore,
  claimableChanges,
  closeChange,
  insertChange,
  insertDevsite,
  lockQueuedChange,
  markChangesClaimed,
  markChangeTaken,
  markDevsiteRefreshed,
  markWebsiteRegenerated,
  nextVid,
  noteChange,
  websiteOfVid,
} from './repository.ts';

/**
 * The change queue: PHP versions, log toggles, installs and devsite requests are rows that the
 * web servers' agents claim (FOR UPDATE SKIP LOCKED), apply and report on. A finished change is
 * reflected in the portal's own rows (websites.php_version, error_logs, last_genconf, devsites)
 * in the same transaction as the report.
 */

export type Change = ChangeRow;
type Deps = FastifyInstance['deps'];

/** The embedded agent applies one queued change (a hosting_changes row). */
export const applyChangeJob = defineJob('hosting.apply', z.object({ id: z.number().int() }));
/** The embedded agent's sweep for queued changes whose job was lost. */
export const agentSweepJob = defineJob('hosting.agent-sweep', z.object({}));

/** Agent name of the in-process agent (the embedded default). */
export const EMBEDDED_AGENT = 'embedded';
/** A change claimed by an agent that went silent this long is offered again. */
export const AGENT_STALE_MS = 15 * 60_000;

/** The in-process agent runs unless real web servers are configured (PORTAL_AGENT_TOKENS). */
export const embeddedAgent = (deps: Deps): boolean => !deps.config.PORTAL_AGENT_TOKENS;

export interface NewChange {
  owner: string;
  vid: number | null;
  kind: ChangeKind;
  payload: Record<string, unknown>;
  operator: string;
  server: string | null;
}

/** Queues a change in the caller's transaction; the embedded agent gets a job due after the configured delay. */
export async function queueChange(deps: Deps, db: Db, change: NewChange): Promise<number> {
  const now = deps.now();
  const id = await insertChange(db, { ...change, state: 'queued', createdAt: now, updatedAt: now });
  if (embeddedAgent(deps)) {
    await enqueue(
      db,
      applyChangeJob,
      { id },
      { runAt: new Date(now.getTime() + deps.config.PORTAL_AGENT_DELAY_MS), maxAttempts: 3 },
    );
  }
  return id;
}

/** Claims up to `limit` changes for `agent`: its own servers' and unassigned ones, oldest first. */
export async function claimChanges(deps: Deps, db: Db, agent: string, limit: number): Promise<Change[]> {
  const now = deps.now();
  const stale = new Date(now.getTime() - AGENT_STALE_MS);
  const candidates = await claimableChanges(db, agent, stale, limit);
  if (candidates.length === 0) return [];
  return markChangesClaimed(db, candidates, agent, now);
}

/** An agent's progress note on a change it is applying. */
export async function noteProgress(deps: Deps, db: Db, id: number, message: string | null): Promise<void> {
  await noteChange(db, id, message, deps.now());
}

export interface Outcome {
  state: 'done' | 'failed';
  message?: string;
  details?: { vid?: number; virtname?: string; docroot?: string };
}

/** Records the outcome of a claimed change and, when done, applies its effect to the portal's rows. */
export async function finishChange(deps: Deps, db: Db, change: Change, outcome: Outcome): Promise<void> {
  const now = deps.now();
  await closeChange(db, change.id, outcome.state, outcome.message ?? null, now);
  if (outcome.state !== 'done') return;
  const p = change.payload;
  switch (change.kind as ChangeKind) {
    case 'php_version':
      await applyWebsiteSettings(db, change.vid as number, { phpVersion: String(p.php_version) }, now);
      return;
    case 'error_logs':
      await applyWebsiteSettings(db, change.vid as number, { errorLogs: Number(p.status) }, now);
      return;
    case 'install':
      if (p.email) {
        // Not mailCustomer: the answer goes to the address the request named for it, as the
        // devsite's below (docs/decisions/106-customer-mail-routing.md). In the owner's language.
        const text = inLanguage(customerMailText, await languageOf(db, change.owner));
        await deps.outbox.send(db, {
          kind: 'hosting.install',
          account: change.owner,
          to: String(p.email),
          subject: text.appInstalledSubject(String(p.appname), String(p.url)),
          body: text.appInstalledBody(String(p.appname), String(p.version ?? ''), String(p.url)),
        });
      }
      return;
    case 'devsite.create': {
      const domain = String(p.domain);
      const site = await websiteOfVid(db, change.vid as number);
      await insertDevsite(db, {
        vid: outcome.details?.vid ?? (await nextVid(db)),
        owner: change.owner,
        domain,
        virtname: outcome.details?.virtname ?? `dev.${domain}`,
        docroot: outcome.details?.docroot ?? `/home/${change.owner}/dev/${domain}`,
        ssl: site?.ssl ?? 0,
        setupDate: now.toISOString().slice(0, 10),
      });
      if (p.email_contact) {
        const text = inLanguage(customerMailText, await languageOf(db, change.owner));
        await deps.outbox.send(db, {
          kind: 'hosting.devsite',
          account: change.owner,
          to: String(p.email_contact),
          subject: text.devsiteReadySubject(domain),
          body: text.devsiteReadyBody(domain, String(p.devsite_type)),
        });
      }
      return;
    }
    case 'devsite.refresh':
      await markDevsiteRefreshed(db, change.vid as number, now.toISOString().slice(0, 10));
      return;
    case 'devsite.promote':
      await markWebsiteRegenerated(db, change.owner, String(p.domain), now);
      return;
  }
}

/**
 * The in-process agent: applies one queued change as a web server would (the embedded default,
 * so the whole flow works without web servers). Skips a change another process holds or finished.
 */
export async function applyEmbedded(deps: Deps, id: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const db: Db = tx;
    const change = await lockQueuedChange(db, id);
    if (!change) return false;
    await markChangeTaken(db, id, EMBEDDED_AGENT, deps.now());
    await finishChange(deps, db, change, { state: 'done', message: 'Applied by the in-process agent' });
    return true;
  });
}

/** Queued changes older than the agent delay (a safety net for jobs lost or changes queued while agents were configured). */
export async function overdueChanges(deps: Deps): Promise<number[]> {
  const due = new Date(deps.now().getTime() - deps.config.PORTAL_AGENT_DELAY_MS);
  return changesQueuedBefore(deps.db, due, 500);
}
