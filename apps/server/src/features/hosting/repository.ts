import { must } from '@portal/contract/must';
import type { Devsite, Website } from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { and, asc, desc, eq, gt, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/tokens.ts';
import { missing } from '../../auth/policy.ts';
import { type Db, preparedFor } from '../../db/index.ts';
import {
  databases,
  devsites,
  errorLogs,
  hostingChanges,
  phpVersions,
  webapps,
  websites,
} from '../../db/schema.ts';

/**
 * The hosting area's repository: its queries (a site is always addressed together with its owner)
 * and its row → answer mappings, so the route handlers hold neither.
 */

export type WebsiteRow = typeof websites.$inferSelect;
export type DevsiteRow = typeof devsites.$inferSelect;

/** A website as the API shows it (the website list's row); the other website answers are selections of it. */
export function websiteAnswer(r: WebsiteRow, pending: boolean): Website {
  return {
    virtname: r.virtname,
    vid: r.vid,
    php_version: r.phpVersion,
    ssl: r.ssl,
    error_logs: r.errorLogs,
    docroot: r.docroot,
    pending,
  };
}

export function devsiteAnswer(r: DevsiteRow): Devsite {
  return {
    domain: r.domain,
    virtname: r.virtname,
    vid: r.vid,
    docroot: r.docroot,
    ssl: r.ssl,
    setup_date: r.setupDate,
  };
}

/** The virtual name and document root of each of `vids` that is a website. */
export async function sitePaths(
  db: Db,
  vids: number[],
): Promise<Map<number, { virtname: string; docroot: string }>> {
  if (vids.length === 0) return new Map();
  const rows = await db
    .select({ vid: websites.vid, virtname: websites.virtname, docroot: websites.docroot })
    .from(websites)
    .where(inArray(websites.vid, vids));
  return new Map(rows.map((s) => [s.vid, s]));
}

/** The web server of website `vid` (null: not assigned to one), or undefined when there is no such site. */
export async function siteServer(db: Db, vid: number): Promise<{ server: string | null } | undefined> {
  const [site] = await db
    .select({ server: websites.server })
    .from(websites)
    .where(eq(websites.vid, vid))
    .limit(1);
  return site;
}

/** The application catalogue, in its order (an install names its entry by position). */
export function webappCatalogue(db: Db) {
  return db.select().from(webapps).orderBy(asc(webapps.aid));
}

export function webappAnswer(r: typeof webapps.$inferSelect) {
  return {
    aid: r.aid,
    appname: r.appname,
    urlext: r.urlext,
    needs_suphp: r.needsSuphp,
    wf_versions: r.wfVersions,
    version: r.version,
  };
}

/** The account's installs in progress, and those that failed since `failedSince`, newest first. */
export function recentInstalls(db: Db, owner: string, failedSince: Date) {
  return db
    .select()
    .from(hostingChanges)
    .where(
      and(
        eq(hostingChanges.owner, owner),
        eq(hostingChanges.kind, 'install'),
        or(
          inArray(hostingChanges.state, [...OPEN_STATES]),
          and(eq(hostingChanges.state, 'failed'), gt(hostingChanges.updatedAt, failedSince)),
        ),
      ),
    )
    .orderBy(desc(hostingChanges.id));
}

/** An install as the pending-installations list shows it. */
export function installAnswer(r: typeof hostingChanges.$inferSelect) {
  const note = r.result ? ` - ${r.result}` : '';
  return {
    appname: String(r.payload.appname ?? ''),
    appurl: String(r.payload.url ?? ''),
    state: r.state === 'queued' ? 'Queued' : r.state === 'applying' ? `Installing${note}` : `Failed${note}`,
  };
}

/** Is an install into `subdir` of site `vid` queued or under way? */
export async function installUnderWay(db: Db, vid: number, subdir: string): Promise<boolean> {
  const [busy] = await db
    .select({ id: hostingChanges.id })
    .from(hostingChanges)
    .where(
      and(
        eq(hostingChanges.vid, vid),
        eq(hostingChanges.kind, 'install'),
        inArray(hostingChanges.state, [...OPEN_STATES]),
        sql`${hostingChanges.payload}->>'subdir' = ${subdir}`,
      ),
    )
    .limit(1);
  return !!busy;
}

/** The account's websites, by virtual name. */
export function websitesOf(db: Db, owner: string): Promise<WebsiteRow[]> {
  return db.select().from(websites).where(eq(websites.owner, owner)).orderBy(asc(websites.virtname));
}

/** The account's development sites, by domain. */
export function devsitesOf(db: Db, owner: string): Promise<DevsiteRow[]> {
  return db.select().from(devsites).where(eq(devsites.owner, owner)).orderBy(asc(devsites.domain));
}

/** The live domains of the account that have a development site. */
export async function domainsWithDevsite(db: Db, owner: string): Promise<Set<string>> {
  const rows = await db.select({ domain: devsites.domain }).from(devsites).where(eq(devsites.owner, owner));
  return new Set(rows.map((d) => d.domain));
}

/** The account's development site of the live domain `domain`, if any. */
export async function devsiteOfDomain(
  db: Db,
  owner: string,
  domain: string,
): Promise<{ vid: number } | undefined> {
  const [row] = await db
    .select({ vid: devsites.vid })
    .from(devsites)
    .where(and(eq(devsites.owner, owner), eq(devsites.domain, domain)))
    .limit(1);
  return row;
}

/** The web server of the account's live site `virtname`, if it has one. */
export async function liveSiteServer(db: Db, owner: string, virtname: string): Promise<string | null> {
  const [live] = await db
    .select({ server: websites.server })
    .from(websites)
    .where(and(eq(websites.owner, owner), eq(websites.virtname, virtname)))
    .limit(1);
  return live?.server ?? null;
}

/** The account's databases, by name, as the API shows them. */
export async function databasesOf(db: Db, owner: string) {
  const rows = await db
    .select()
    .from(databases)
    .where(eq(databases.owner, owner))
    .orderBy(asc(databases.name));
  return rows.map((r) => ({ name: r.name, pma_url: r.pmaUrl }));
}

/** The PHP versions a site may be switched to. */
export function enabledPhpVersions(db: Db) {
  return db
    .select({ version: phpVersions.version, sort: phpVersions.sort })
    .from(phpVersions)
    .where(eq(phpVersions.disabled, false))
    .orderBy(asc(phpVersions.sort), asc(phpVersions.version));
}

/** `version`, when it is one a site may be switched to. */
export async function enabledPhpVersion(db: Db, version: string) {
  const [row] = await db
    .select()
    .from(phpVersions)
    .where(and(eq(phpVersions.version, version), eq(phpVersions.disabled, false)))
    .limit(1);
  return row;
}

/** The changes that rewrite a site's configuration: one at a time per site. */
export const CONFIG_KINDS = ['php_version', 'error_logs'] as const;
export const OPEN_STATES = ['queued', 'applying'] as const;

/**
 * A miss — no such vid, another account's vid, or a virtual name that does not match — is the same
 * 403 for a customer as a foreign site; staff, who may act on any account, are told 'VID not found'.
 */
export const siteMiss = (caller: Caller | null) => missing(caller, hostingText.vidNotFound);

/** A website by its vid and owner: the log viewer's every poll runs it (prepared, as accountQuery). */
const websiteQuery = preparedFor((db) =>
  db
    .select()
    .from(websites)
    .where(and(eq(websites.vid, sql.placeholder('vid')), eq(websites.owner, sql.placeholder('owner'))))
    .limit(1)
    .prepare('portal_find_website'),
);

export async function findWebsite(
  db: Db,
  caller: Caller | null,
  site: { vid: number; owner: string; virtname?: string },
  opts: { lock?: boolean } = {},
): Promise<WebsiteRow> {
  // Locking the site row serialises concurrent changes to it (the pending check below is then exact).
  const [row] = opts.lock
    ? await db
        .select()
        .from(websites)
        .where(and(eq(websites.vid, site.vid), eq(websites.owner, site.owner)))
        .limit(1)
        .for('update')
    : await websiteQuery(db).execute({ vid: site.vid, owner: site.owner });
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
  const w = must(
    (await db.select({ max: sql<number>`coalesce(max(${websites.vid}), 0)` }).from(websites))[0],
    'the highest website vid',
  );
  const d = must(
    (await db.select({ max: sql<number>`coalesce(max(${devsites.vid}), 0)` }).from(devsites))[0],
    'the highest devsite vid',
  );
  return Math.max(Number(w.max), Number(d.max)) + 1;
}

/** Who asked for a change, as the change log records it (empty without a signed-in caller). */
export const operator = (caller: Caller | null) => caller?.username ?? '';

/*
 * The change queue (changes.ts): rows the web servers' agents claim, apply and report on.
 */

export type ChangeRow = typeof hostingChanges.$inferSelect;

/** Adds a change to the queue; returns its id. */
export async function insertChange(db: Db, change: Omit<typeof hostingChanges.$inferInsert, 'id'>) {
  const [row] = await db.insert(hostingChanges).values(change).returning({ id: hostingChanges.id });
  return must(row, 'the change just queued').id;
}

/**
 * Up to `limit` changes `agent` may claim, oldest first, locked (skipping those another claim
 * holds): queued ones, and those claimed before `stale` and not reported since, of its own
 * servers or of none.
 */
export async function claimableChanges(db: Db, agent: string, stale: Date, limit: number): Promise<number[]> {
  const rows = await db
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
  return rows.map((r) => r.id);
}

/** Marks changes as being applied by `agent`; returns them by id. */
export async function markChangesClaimed(
  db: Db,
  ids: number[],
  agent: string,
  now: Date,
): Promise<ChangeRow[]> {
  const rows = await db
    .update(hostingChanges)
    .set({ state: 'applying', agent, claimedAt: now, updatedAt: now, result: null })
    .where(inArray(hostingChanges.id, ids))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** A change `agent` has claimed and not yet reported done or failed, locked for the report. */
export async function claimedChange(db: Db, id: number, agent: string): Promise<ChangeRow | undefined> {
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

/** A queued change, locked; undefined when it is no longer queued or another process holds it. */
export async function lockQueuedChange(db: Db, id: number): Promise<ChangeRow | undefined> {
  const [change] = await db
    .select()
    .from(hostingChanges)
    .where(and(eq(hostingChanges.id, id), eq(hostingChanges.state, 'queued')))
    .for('update', { skipLocked: true });
  return change;
}

/** Records who took a change and when, leaving its state as it is. */
export async function markChangeTaken(db: Db, id: number, agent: string, now: Date): Promise<void> {
  await db.update(hostingChanges).set({ agent, claimedAt: now }).where(eq(hostingChanges.id, id));
}

/** Sets a change's note (an agent's progress, or its outcome's message). */
export async function noteChange(db: Db, id: number, note: string | null, now: Date): Promise<void> {
  await db.update(hostingChanges).set({ result: note, updatedAt: now }).where(eq(hostingChanges.id, id));
}

/** Closes a change as done or failed, with its outcome's message. */
export async function closeChange(
  db: Db,
  id: number,
  state: 'done' | 'failed',
  note: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(hostingChanges)
    .set({ state, result: note, updatedAt: now, finishedAt: now })
    .where(eq(hostingChanges.id, id));
}

/** Ids of the changes queued at or before `due`, oldest first, at most `limit`. */
export async function changesQueuedBefore(db: Db, due: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: hostingChanges.id })
    .from(hostingChanges)
    .where(and(eq(hostingChanges.state, 'queued'), lte(hostingChanges.createdAt, due)))
    .orderBy(asc(hostingChanges.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Website `vid` whoever owns it (a change names its site by vid), or undefined. */
export async function websiteOfVid(db: Db, vid: number): Promise<WebsiteRow | undefined> {
  const [site] = await db.select().from(websites).where(eq(websites.vid, vid)).limit(1);
  return site;
}

/** A website's settings the web server now applies, with when its configuration was regenerated. */
export async function applyWebsiteSettings(
  db: Db,
  vid: number,
  settings: Pick<Partial<WebsiteRow>, 'phpVersion' | 'errorLogs'>,
  now: Date,
): Promise<void> {
  await db
    .update(websites)
    .set({ ...settings, lastGenconf: now })
    .where(eq(websites.vid, vid));
}

/** Records that the configuration of the owner's website `virtname` was regenerated. */
export async function markWebsiteRegenerated(
  db: Db,
  owner: string,
  virtname: string,
  now: Date,
): Promise<void> {
  await db
    .update(websites)
    .set({ lastGenconf: now })
    .where(and(eq(websites.virtname, virtname), eq(websites.owner, owner)));
}

/** Adds a devsite unless its vid is taken. */
export async function insertDevsite(db: Db, devsite: typeof devsites.$inferInsert): Promise<void> {
  await db.insert(devsites).values(devsite).onConflictDoNothing();
}

/** Records the day devsite `vid` was set up again. */
export async function markDevsiteRefreshed(db: Db, vid: number, setupDate: string): Promise<void> {
  await db.update(devsites).set({ setupDate }).where(eq(devsites.vid, vid));
}

/*
 * Error logs (logs.ts). Every query is a range scan of the (vid, id) index, so a poll or a page
 * costs the same with ten rows or ten million.
 */

const logColumns = { id: errorLogs.id, msg: errorLogs.msg };

/** The newest `limit` lines of a site's log, newest first. */
export const newestLogLines = (db: Db, vid: number, limit: number) =>
  newestLinesQuery(db).execute({ vid, limit });

const newestLinesQuery = preparedFor((db) =>
  db
    .select(logColumns)
    .from(errorLogs)
    .where(eq(errorLogs.vid, sql.placeholder('vid')))
    .orderBy(desc(errorLogs.id))
    .limit(sql.placeholder('limit'))
    .prepare('portal_newest_log_lines'),
);

/** The first `limit` lines of a site's log after id `after` and up to id `upTo` (when given), oldest first. */
export function logLinesAfter(db: Db, vid: number, after: number, limit: number, upTo?: number) {
  // A poll's (no upper bound) is prepared: the viewer polls every few seconds while it is open.
  if (upTo === undefined) return linesAfterQuery(db).execute({ vid, after, limit });
  return db
    .select(logColumns)
    .from(errorLogs)
    .where(
      and(
        eq(errorLogs.vid, vid),
        gt(errorLogs.id, after),
        upTo === undefined ? undefined : lte(errorLogs.id, upTo),
      ),
    )
    .orderBy(asc(errorLogs.id))
    .limit(limit);
}

const linesAfterQuery = preparedFor((db) =>
  db
    .select(logColumns)
    .from(errorLogs)
    .where(and(eq(errorLogs.vid, sql.placeholder('vid')), gt(errorLogs.id, sql.placeholder('after'))))
    .orderBy(asc(errorLogs.id))
    .limit(sql.placeholder('limit'))
    .prepare('portal_log_lines_after'),
);

/** Does the site's log have a line yet? (One probe of the (vid, id) index.) */
export async function hasLogs(db: Db, vid: number): Promise<boolean> {
  const [row] = await db.select({ id: errorLogs.id }).from(errorLogs).where(eq(errorLogs.vid, vid)).limit(1);
  return !!row;
}

/** The id of the newest line of a site's log, or null when it has none. */
export async function newestLogId(db: Db, vid: number): Promise<number | null> {
  const [row] = await db
    .select({ last: max(errorLogs.id) })
    .from(errorLogs)
    .where(eq(errorLogs.vid, vid));
  const { last } = must(row, 'the newest log id');
  return last === null ? null : Number(last);
}

/** Appends lines to a site's log; returns their ids. */
export async function insertLogLines(db: Db, vid: number, msgs: string[]): Promise<number[]> {
  const rows = await db
    .insert(errorLogs)
    .values(msgs.map((msg) => ({ vid, msg })))
    .returning({ id: errorLogs.id });
  return rows.map((r) => r.id);
}
