import { must } from '@portal/contract/must';
import type { ChangeKind } from '@portal/contract/hosting/agent';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { devsites, hostingChanges, websites } from '../../db/schema.ts';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { nextVid } from './repository.ts';

/**
 * The change queue: PHP versions, log toggles, installs and devsite requests are rows that the
 * web servers' agents claim (FOR UPDATE SKIP LOCKED), apply and report on. A finished change is
 * reflected in the portal's own rows (websites.php_version, error_logs, last_genconf, devsites)
 * in the same transaction as the report.
 */

export type Change = typeof hostingChanges.$inferSelect;
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
  const row = must(
    (
      await db
        .insert(hostingChanges)
        .values({ ...change, state: 'queued', createdAt: now, updatedAt: now })
        .returning({ id: hostingChanges.id })
    )[0],
    'the change just queued',
  );
  if (embeddedAgent(deps)) {
    await enqueue(
      db,
      applyChangeJob,
      { id: row.id },
      { runAt: new Date(now.getTime() + deps.config.PORTAL_AGENT_DELAY_MS), maxAttempts: 3 },
    );
  }
  return row.id;
}

/** Claims up to `limit` changes for `agent`: its own servers' and unassigned ones, oldest first. */
export async function claimChanges(deps: Deps, db: Db, agent: string, limit: number): Promise<Change[]> {
  const now = deps.now();
  const stale = new Date(now.getTime() - AGENT_STALE_MS);
  const candidates = await db
    .select({ id: hostingChanges.id })
    .from(hostingChanges)
    .where(
      and(
        or(
          eq(hostingChanges.state, 'queued'),
          and(eq(hostingChanges.state, 'applying'), lte(hostingChanges.updatedAt, stale)),
        ),
        or(isNull(hostingChanges.server), eq(hostingChanges.server, agent)),
      ),
    )
    .orderBy(asc(hostingChanges.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (candidates.length === 0) return [];
  return db
    .update(hostingChanges)
    .set({ state: 'applying', agent, claimedAt: now, updatedAt: now, result: null })
    .where(
      inArray(
        hostingChanges.id,
        candidates.map((c) => c.id),
      ),
    )
    .returning()
    .then((rows) => rows.sort((a, b) => a.id - b.id));
}

/** A change `agent` has claimed and not yet reported done or failed, locked for the report. */
export async function claimedChange(db: Db, id: number, agent: string): Promise<Change | undefined> {
  const [change] = await db
    .select()
    .from(hostingChanges)
    .where(
      and(eq(hostingChanges.id, id), eq(hostingChanges.agent, agent), eq(hostingChanges.state, 'applying')),
    )
    .limit(1)
    .for('update');
  return change;
}

/** An agent's progress note on a change it is applying. */
export async function noteProgress(deps: Deps, db: Db, id: number, message: string | null): Promise<void> {
  await db
    .update(hostingChanges)
    .set({ result: message, updatedAt: deps.now() })
    .where(eq(hostingChanges.id, id));
}

export interface Outcome {
  state: 'done' | 'failed';
  message?: string;
  details?: { vid?: number; virtname?: string; docroot?: string };
}

/** Records the outcome of a claimed change and, when done, applies its effect to the portal's rows. */
export async function finishChange(deps: Deps, db: Db, change: Change, outcome: Outcome): Promise<void> {
  const now = deps.now();
  await db
    .update(hostingChanges)
    .set({ state: outcome.state, result: outcome.message ?? null, updatedAt: now, finishedAt: now })
    .where(eq(hostingChanges.id, change.id));
  if (outcome.state !== 'done') return;
  const p = change.payload;
  switch (change.kind as ChangeKind) {
    case 'php_version':
      await db
        .update(websites)
        .set({ phpVersion: String(p.php_version), lastGenconf: now })
        .where(eq(websites.vid, change.vid as number));
      return;
    case 'error_logs':
      await db
        .update(websites)
        .set({ errorLogs: Number(p.status), lastGenconf: now })
        .where(eq(websites.vid, change.vid as number));
      return;
    case 'install':
      if (p.email) {
        // Not mailCustomer: the answer goes to the address the request named for it, as the
        // devsite's below (docs/decisions/106-customer-mail-routing.md).
        await deps.outbox.send(db, {
          kind: 'hosting.install',
          account: change.owner,
          to: String(p.email),
          subject: `${p.appname} installed at ${p.url}`,
          body: `${p.appname} ${p.version ?? ''} has been installed at ${p.url}.\n\nFinish its setup there.\n`,
        });
      }
      return;
    case 'devsite.create': {
      const domain = String(p.domain);
      const [site] = await db
        .select()
        .from(websites)
        .where(eq(websites.vid, change.vid as number))
        .limit(1);
      await db
        .insert(devsites)
        .values({
          vid: outcome.details?.vid ?? (await nextVid(db)),
          owner: change.owner,
          domain,
          virtname: outcome.details?.virtname ?? `dev.${domain}`,
          docroot: outcome.details?.docroot ?? `/home/${change.owner}/dev/${domain}`,
          ssl: site?.ssl ?? 0,
          setupDate: now.toISOString().slice(0, 10),
        })
        .onConflictDoNothing();
      if (p.email_contact) {
        await deps.outbox.send(db, {
          kind: 'hosting.devsite',
          account: change.owner,
          to: String(p.email_contact),
          subject: `Your devsite for ${domain} is ready`,
          body: `The devsite for ${domain} (${p.devsite_type}) has been set up at dev.${domain}.\n`,
        });
      }
      return;
    }
    case 'devsite.refresh':
      await db
        .update(devsites)
        .set({ setupDate: now.toISOString().slice(0, 10) })
        .where(eq(devsites.vid, change.vid as number));
      return;
    case 'devsite.promote':
      await db
        .update(websites)
        .set({ lastGenconf: now })
        .where(and(eq(websites.virtname, String(p.domain)), eq(websites.owner, change.owner)));
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
    const [change] = await db
      .select()
      .from(hostingChanges)
      .where(and(eq(hostingChanges.id, id), eq(hostingChanges.state, 'queued')))
      .for('update', { skipLocked: true });
    if (!change) return false;
    await db
      .update(hostingChanges)
      .set({ agent: EMBEDDED_AGENT, claimedAt: deps.now() })
      .where(eq(hostingChanges.id, id));
    await finishChange(deps, db, change, { state: 'done', message: 'Applied by the in-process agent' });
    return true;
  });
}

/** Queued changes older than the agent delay (a safety net for jobs lost or changes queued while agents were configured). */
export async function overdueChanges(deps: Deps): Promise<number[]> {
  const due = new Date(deps.now().getTime() - deps.config.PORTAL_AGENT_DELAY_MS);
  const rows = await deps.db
    .select({ id: hostingChanges.id })
    .from(hostingChanges)
    .where(and(eq(hostingChanges.state, 'queued'), lte(hostingChanges.createdAt, due)))
    .orderBy(asc(hostingChanges.id))
    .limit(500);
  return rows.map((r) => r.id);
}
