import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorizeAccount } from '../../auth/policy.ts';
import { hostingChanges, webapps, websites } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { queueChange } from './changes.ts';
import { findWebsite, operator, siteMiss } from './sites.ts';

/** Failed installs stay listed (with their error) this long. */
const FAILED_INSTALL_DAYS = 7;

/** Web applications installed on a website: the catalogue, installs in progress, a new install. */
export function installationRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.pendingInstallations, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const since = new Date(deps.now().getTime() - FAILED_INSTALL_DAYS * 86_400_000);
      const rows = await db
        .select()
        .from(hostingChanges)
        .where(
          and(
            eq(hostingChanges.owner, account.logname),
            eq(hostingChanges.kind, 'install'),
            or(
              inArray(hostingChanges.state, ['queued', 'applying']),
              and(eq(hostingChanges.state, 'failed'), gt(hostingChanges.updatedAt, since)),
            ),
          ),
        )
        .orderBy(desc(hostingChanges.id));
      const installations = rows.map((r) => ({
        appname: String(r.payload.appname ?? ''),
        appurl: String(r.payload.url ?? ''),
        state:
          r.state === 'queued'
            ? 'Queued'
            : r.state === 'applying'
              ? `Installing${r.result ? ` - ${r.result}` : ''}`
              : `Failed${r.result ? ` - ${r.result}` : ''}`,
      }));
      return { installations };
    },
  });

  route(app, C.appList, {
    access: 'user',
    handler: async ({ db }) => {
      const rows = await db.select().from(webapps).orderBy(asc(webapps.aid));
      return rows.map((r) => ({
        aid: r.aid,
        appname: r.appname,
        urlext: r.urlext,
        needs_suphp: r.needsSuphp,
        wf_versions: r.wfVersions,
        version: r.version,
      }));
    },
  });

  route(app, C.installApp, {
    // The install payload names no account: the site's owner is the account, checked by the policy.
    access: 'user',
    handler: async (ctx) => {
      const { db, body, caller } = ctx;
      const [owned] = await db
        .select({ owner: websites.owner })
        .from(websites)
        .where(eq(websites.vid, body.vid))
        .limit(1);
      if (!owned) throw siteMiss(caller);
      ctx.account = await authorizeAccount(db, caller, owned.owner, 'self');
      const apps = await db.select().from(webapps).orderBy(asc(webapps.aid));
      const app = apps[body.webappid];
      if (!app || app.appname !== body.appname)
        throw invalid(`webappid: ${hostingText.selectApp}`, { webappid: hostingText.selectApp });
      const site = await findWebsite(db, caller, { vid: body.vid, owner: owned.owner }, { lock: true });
      const [busy] = await db
        .select({ id: hostingChanges.id })
        .from(hostingChanges)
        .where(
          and(
            eq(hostingChanges.vid, site.vid),
            eq(hostingChanges.kind, 'install'),
            inArray(hostingChanges.state, ['queued', 'applying']),
            sql`${hostingChanges.payload}->>'subdir' = ${body.subdir}`,
          ),
        )
        .limit(1);
      // One install at a time into the same directory.
      if (busy) throw conflict(hostingText.changePending);
      const url = `${site.ssl === 0 ? 'http' : 'https'}://${site.virtname}/${body.subdir ? `${body.subdir}/` : ''}`;
      const id = await queueChange(deps, db, {
        owner: site.owner,
        vid: site.vid,
        kind: 'install',
        payload: {
          aid: app.aid,
          appname: app.appname,
          version: app.version,
          subdir: body.subdir,
          email: body.email,
          nsuphp: app.needsSuphp,
          wfv: app.wfVersions,
          url,
          docroot: site.docroot,
        },
        operator: operator(caller),
        server: site.server,
      });
      return new Answer({ url, change_id: id }, hostingText.installing);
    },
  });
}
