import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devsites, phpVersions, websites } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { queueChange } from './changes.ts';
import { CONFIG_KINDS, findWebsite, hasOpenChange, operator, pendingVids } from './sites.ts';

/** The websites of an account (spec 002 §2): lists, details, the pending change, PHP versions. */
export function websiteRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.compressedWebsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select()
        .from(websites)
        .where(eq(websites.owner, account.logname))
        .orderBy(asc(websites.virtname));
      const pending = await pendingVids(
        db,
        rows.map((r) => r.vid),
      );
      return rows.map((r) => ({
        virtname: r.virtname,
        vid: r.vid,
        php_version: r.phpVersion,
        ssl: r.ssl,
        error_logs: r.errorLogs,
        docroot: r.docroot,
        pending: pending.has(r.vid),
      }));
    },
  });

  route(app, C.compressedNondevWebsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const owner = account.logname;
      const rows = await db
        .select()
        .from(websites)
        .where(eq(websites.owner, owner))
        .orderBy(asc(websites.virtname));
      const devs = await db
        .select({ domain: devsites.domain })
        .from(devsites)
        .where(eq(devsites.owner, owner));
      const withDev = new Set(devs.map((d) => d.domain));
      return rows.map((r) => ({
        virtname: r.virtname,
        vid: r.vid,
        docroot: r.docroot,
        ssl: r.ssl,
        has_devsite: withDev.has(r.virtname),
      }));
    },
  });

  route(app, C.virtDetails, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, params, account, caller }) => {
      const site = await findWebsite(db, caller, { vid: params.vid, owner: account.logname });
      return {
        virtname: site.virtname,
        vid: site.vid,
        docroot: site.docroot,
        ssl: site.ssl,
        php_version: site.phpVersion,
      };
    },
  });

  route(app, C.pendingVirtChange, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      const site = await findWebsite(db, caller, {
        vid: body.vid,
        owner: account.logname,
        virtname: body.virtname ?? body.virt_server,
      });
      const data = {
        pending: await hasOpenChange(db, site.vid, CONFIG_KINDS),
        last_genconf: site.lastGenconf?.toISOString() ?? null,
      };
      return new Answer(data, '', data);
    },
  });

  route(app, C.phpVersions, {
    access: 'user',
    handler: async ({ db }) => {
      const rows = await db
        .select({ version: phpVersions.version, sort: phpVersions.sort })
        .from(phpVersions)
        .where(eq(phpVersions.disabled, false))
        .orderBy(asc(phpVersions.sort), asc(phpVersions.version));
      return rows;
    },
  });

  route(app, C.updatePhpVersion, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const [version] = await db
        .select()
        .from(phpVersions)
        .where(and(eq(phpVersions.version, body.php_version), eq(phpVersions.disabled, false)))
        .limit(1);
      if (!version)
        throw invalid(`php_version: ${hostingText.unknownPhp}`, { php_version: hostingText.unknownPhp });
      const site = await findWebsite(
        db,
        caller,
        { vid: body.vid, owner: account.logname, virtname: body.virtname },
        { lock: true },
      );
      if (site.phpVersion === version.version)
        throw invalid(`php_version: ${hostingText.samePhp}`, { php_version: hostingText.samePhp });
      if (await hasOpenChange(db, site.vid, CONFIG_KINDS)) throw conflict(hostingText.changePending);
      const id = await queueChange(deps, db, {
        owner: site.owner,
        vid: site.vid,
        kind: 'php_version',
        payload: { php_version: version.version, previous: site.phpVersion, virtname: site.virtname },
        operator: operator(caller),
        server: site.server,
      });
      return new Answer({ change_id: id }, hostingText.updateQueued);
    },
  });
}
