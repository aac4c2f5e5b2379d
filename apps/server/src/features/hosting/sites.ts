import { hostingText } from '@portal/contract/hosting/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/tokens.ts';
import { missing } from '../../auth/policy.ts';
import type { Db } from '../../db/index.ts';
import { devsites, hostingChanges, websites } from '../../db/schema.ts';

/** Queries of the hosting area that address a site: always together with its owner. */

export type WebsiteRow = typeof websites.$inferSelect;
export type DevsiteRow = typeof devsites.$inferSelect;

/** The changes that rewrite a site's configuration: one at a time per site. */
export const CONFIG_KINDS = ['php_version', 'error_logs'] as const;
export const OPEN_STATES = ['queued', 'applying'] as const;

/**
 * A miss — no such vid, another account's vid, or a virtual name that does not match — is the same
 * 403 for a customer as a foreign site; staff, who may act on any account, are told 'VID not found'.
 */
export const siteMiss = (caller: Caller | null) => missing(caller, hostingText.vidNotFound);

export async function findWebsite(
  db: Db,
  caller: Caller | null,
  site: { vid: number; owner: string; virtname?: string },
  opts: { lock?: boolean } = {},
): Promise<WebsiteRow> {
  const query = db
    .select()
    .from(websites)
    .where(and(eq(websites.vid, site.vid), eq(websites.owner, site.owner)))
    .limit(1);
  // Locking the site row serialises concurrent changes to it (the pending check below is then exact).
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row || (site.virtname && site.virtname !== row.virtname.toLowerCase())) throw siteMiss(caller);
  return row;
}

export async function findDevsite(
  db: Db,
  caller: Caller | null,
  site: { vid: number; owner: string },
  opts: { lock?: boolean } = {},
): Promise<DevsiteRow> {
  const query = db
    .select()
    .from(devsites)
    .where(and(eq(devsites.vid, site.vid), eq(devsites.owner, site.owner)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw siteMiss(caller);
  return row;
}

/** Is a change of one of `kinds` queued or being applied for this vid? */
export async function hasOpenChange(db: Db, vid: number, kinds: readonly string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: hostingChanges.id })
    .from(hostingChanges)
    .where(
      and(
        eq(hostingChanges.vid, vid),
        inArray(hostingChanges.state, [...OPEN_STATES]),
        inArray(hostingChanges.kind, [...kinds]),
      ),
    )
    .limit(1);
  return !!row;
}

/** vids with an open configuration change, among `vids`. */
export async function pendingVids(db: Db, vids: number[]): Promise<Set<number>> {
  if (vids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vid: hostingChanges.vid })
    .from(hostingChanges)
    .where(
      and(
        inArray(hostingChanges.vid, vids),
        inArray(hostingChanges.state, [...OPEN_STATES]),
        inArray(hostingChanges.kind, [...CONFIG_KINDS]),
      ),
    );
  return new Set(rows.map((r) => r.vid as number));
}

/** A new vid for a site set up by the embedded agent: past every website and devsite. */
export async function nextVid(db: Db): Promise<number> {
  const [w] = await db.select({ max: sql<number>`coalesce(max(${websites.vid}), 0)` }).from(websites);
  const [d] = await db.select({ max: sql<number>`coalesce(max(${devsites.vid}), 0)` }).from(devsites);
  return Math.max(Number(w.max), Number(d.max)) + 1;
}

/** Who asked for a change, as the change log records it (empty without a signed-in caller). */
export const operator = (caller: Caller | null) => caller?.username ?? '';
