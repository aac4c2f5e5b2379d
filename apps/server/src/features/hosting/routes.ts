import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as C from '@portal/contract/hosting/calls';
import { HM } from '@portal/contract/hosting/messages';
import { messageFooter } from '@portal/contract/messages';
import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorizeAccount } from '../../auth/policy.ts';
import { liveSession } from '../../auth/sessions.ts';
import { type Caller, resolveSecret } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { databases, devsites, hostingChanges, phpVersions, webapps, websites } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { agentRoutes } from './agent.ts';
import { queueChange } from './changes.ts';
import { createLogLinks } from './log-links.ts';
import { hasLogs, logDownload, logFileName, readLogs } from './logs.ts';
import {
  CONFIG_KINDS,
  findDevsite,
  findWebsite,
  hasOpenChange,
  pendingVids,
  siteMiss,
  type WebsiteRow,
} from './sites.ts';

/** Failed installs stay listed (with their error) this long. */
const FAILED_INSTALL_DAYS = 7;

/** Routes of the hosting area (spec 002 §2, §7), and the web servers' agent API. */
export function hostingRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const links = createLogLinks(resolveSecret(deps.config.PORTAL_JWT_SECRET, deps.config.DATA_DIR), deps.now);
  const operator = (caller: Caller | null) => caller?.username ?? '';

  route(app, C.compressedWebsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select()
        .from(websites)
        .where(eq(websites.owner, account!.logname))
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
      const owner = account!.logname;
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

  route(app, C.watchErrorLogs, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const site = await findWebsite(
        db,
        caller,
        { vid: body.vid, owner: account!.logname, virtname: body.virt_server },
        { lock: true },
      );
      if (await hasOpenChange(db, site.vid, CONFIG_KINDS)) throw conflict(HM.changePending);
      if (site.errorLogs === body.status) {
        return new Answer(
          { vid: site.vid, status: body.status, queued: false },
          body.status ? HM.logsAlreadyOn : HM.logsAlreadyOff,
        );
      }
      await queueChange(deps, db, {
        owner: site.owner,
        vid: site.vid,
        kind: 'error_logs',
        payload: { status: body.status, virtname: site.virtname },
        operator: operator(caller),
        server: site.server,
      });
      return new Answer(
        { vid: site.vid, status: body.status, queued: true },
        body.status ? HM.logsOn : HM.logsOff,
      );
    },
  });

  route(app, C.downloadErrorLogs, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    // A read: no transaction held open for the length of a download, nothing to audit.
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller, req, reply }) => {
      const site = await findLogSite(db, caller, account!.logname, body);
      return sendLogFile(db, site, req, reply);
    },
  });

  route(app, C.downloadErrorLogsLink, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      const site = await findLogSite(db, caller, account!.logname, body);
      const { token, expiresAt } = await links.sign(caller as Caller, site.owner, site.vid);
      return {
        url: `${C.downloadErrorLogsFile.path}?${new URLSearchParams({ link: token })}`,
        filename: logFileName(site.virtname),
        expires_at: expiresAt.toISOString(),
        empty: !(await hasLogs(db, site.vid)),
      };
    },
  });

  route(app, C.downloadErrorLogsFile, {
    // Authenticated by the signed link, not by a bearer token (a browser download cannot send
    // one): 'public' to route(), and here the link's caller goes through the same policy as the
    // bearer token's would on download-errorlogs — session not revoked, `read` on the account,
    // the vid looked up with its owner. Any bad link (tampered, expired, another purpose) is one 404.
    access: 'public',
    handler: async ({ db, req, reply }) => {
      const query = C.LogLinkQuery.safeParse(req.query);
      const link = query.success ? await links.verify(query.data.link) : null;
      const self = link && (await liveSession(db, link.caller, deps.now(), deps.sessionTimes));
      if (!link || !self) throw notFound(HM.downloadLinkInvalid);
      const account = await authorizeAccount(db, { ...link.caller, self }, link.logname, 'read');
      const site = await findWebsite(db, link.caller, { vid: link.vid, owner: account.logname });
      return sendLogFile(db, site, req, reply);
    },
  });

  route(app, C.virtDetails, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, params, account, caller }) => {
      const site = await findWebsite(db, caller, { vid: params.vid, owner: account!.logname });
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
        owner: account!.logname,
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
      if (!version) throw invalid(`php_version: ${HM.unknownPhp}`, { php_version: HM.unknownPhp });
      const site = await findWebsite(
        db,
        caller,
        { vid: body.vid, owner: account!.logname, virtname: body.virtname },
        { lock: true },
      );
      if (site.phpVersion === version.version)
        throw invalid(`php_version: ${HM.samePhp}`, { php_version: HM.samePhp });
      if (await hasOpenChange(db, site.vid, CONFIG_KINDS)) throw conflict(HM.changePending);
      const id = await queueChange(deps, db, {
        owner: site.owner,
        vid: site.vid,
        kind: 'php_version',
        payload: { php_version: version.version, previous: site.phpVersion, virtname: site.virtname },
        operator: operator(caller),
        server: site.server,
      });
      return new Answer({ change_id: id }, HM.updateQueued);
    },
  });

  route(app, C.getErrorLogs, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      const site = await findLogSite(db, caller, account!.logname, body);
      const { logs, lastId } = await readLogs(db, site.vid, body.last_log_id);
      return { logs, numrows: logs.length, new_last_log_id: lastId };
    },
  });

  route(app, C.pendingInstallations, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const since = new Date(deps.now().getTime() - FAILED_INSTALL_DAYS * 86_400_000);
      const rows = await db
        .select()
        .from(hostingChanges)
        .where(
          and(
            eq(hostingChanges.owner, account!.logname),
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
      ctx.account = await authorizeAccount(db, caller as Caller, owned.owner, 'self');
      const apps = await db.select().from(webapps).orderBy(asc(webapps.aid));
      const app = apps[body.webappid];
      if (!app || app.appname !== body.appname)
        throw invalid(`webappid: ${HM.selectApp}`, { webappid: HM.selectApp });
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
      if (busy) throw conflict(HM.changePending);
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
      return new Answer({ url, change_id: id }, HM.installing);
    },
  });

  route(app, C.devsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select()
        .from(devsites)
        .where(eq(devsites.owner, account!.logname))
        .orderBy(asc(devsites.domain));
      return rows.map(devsiteOut);
    },
  });

  route(app, C.devsite, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, params, account, caller }) =>
      devsiteOut(await findDevsite(db, caller, { vid: params.vid, owner: account!.logname })),
  });

  route(app, C.databases, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await db
        .select()
        .from(databases)
        .where(eq(databases.owner, account!.logname))
        .orderBy(asc(databases.name));
      return rows.map((r) => ({ name: r.name, pma_url: r.pmaUrl }));
    },
  });

  route(app, C.devsiteRequest, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const owner = account!.logname;
      const op = operator(caller);
      const footer = messageFooter(op, owner);
      if (body.action === 'create') {
        const site = await findWebsite(db, caller, { vid: body.vid, owner }, { lock: true });
        const [dev] = await db
          .select({ vid: devsites.vid })
          .from(devsites)
          .where(and(eq(devsites.owner, owner), eq(devsites.domain, site.virtname)))
          .limit(1);
        if (dev) throw conflict(HM.devsiteExists);
        if (await hasOpenChange(db, site.vid, ['devsite.create'])) throw conflict(HM.changePending);
        const payload = {
          domain: site.virtname,
          devsite_type: body.devsite_type,
          email_contact: body.email_contact,
          notes: body.notes,
        };
        const id = await queueChange(deps, db, {
          owner,
          vid: site.vid,
          kind: 'devsite.create',
          payload,
          operator: op,
          server: site.server,
        });
        await deps.outbox.send(db, {
          kind: 'hosting.devsite-request',
          account: owner,
          to: deps.config.NOC_EMAIL,
          replyTo: body.email_contact || account!.billEmail || null,
          subject: `Devsite request: create a devsite for ${site.virtname} (${owner})`,
          body: [
            `Request #${id}: set up a devsite`,
            `Account: ${owner}`,
            `Website: ${site.virtname} (vid ${site.vid}, ${site.docroot})`,
            `Dev Site Type: ${body.devsite_type}`,
            `Contact: ${body.email_contact || account!.billEmail}`,
            `Special requests: ${body.notes || '(none)'}`,
            '',
            footer,
          ].join('\n'),
        });
        return new Answer({ change_id: id }, HM.devsiteSubmitted);
      }
      const dev = await findDevsite(db, caller, { vid: body.vid, owner }, { lock: true });
      const kind = body.action === 'promote' ? 'devsite.promote' : 'devsite.refresh';
      if (await hasOpenChange(db, dev.vid, ['devsite.promote', 'devsite.refresh']))
        throw conflict(HM.changePending);
      const [live] = await db
        .select({ server: websites.server })
        .from(websites)
        .where(and(eq(websites.owner, owner), eq(websites.virtname, dev.domain)))
        .limit(1);
      const id = await queueChange(deps, db, {
        owner,
        vid: dev.vid,
        kind,
        payload: { domain: dev.domain, virtname: dev.virtname, docroot: dev.docroot, notes: body.notes },
        operator: op,
        server: live?.server ?? null,
      });
      const what =
        body.action === 'promote'
          ? `promote devsite ${dev.virtname} to the live site ${dev.domain} (replaces the live site's contents)`
          : `refresh devsite ${dev.virtname} from the live site ${dev.domain} (replaces the devsite's contents)`;
      await deps.outbox.send(db, {
        kind: 'hosting.devsite-request',
        account: owner,
        to: deps.config.NOC_EMAIL,
        replyTo: account!.billEmail || null,
        subject: `Devsite request: ${body.action} ${dev.virtname} (${owner})`,
        body: [
          `Request #${id}: ${what}`,
          `Account: ${owner}`,
          `Devsite: ${dev.virtname} (vid ${dev.vid}, ${dev.docroot})`,
          `Special requests: ${body.notes || '(none)'}`,
          '',
          footer,
        ].join('\n'),
      });
      return new Answer(
        { change_id: id },
        body.action === 'promote' ? HM.promoteSubmitted : HM.refreshSubmitted,
      );
    },
  });

  agentRoutes(app);
}

/**
 * Streams a site's log as a text file named after the site. The file is not a JSON envelope: the
 * reply is taken over and the log piped batch by batch, gzip-compressed when the client accepts it.
 */
async function sendLogFile(db: Db, site: WebsiteRow, req: FastifyRequest, reply: FastifyReply) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="${logFileName(site.virtname)}"`,
    'cache-control': 'no-store',
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
  });
  if (req.method === 'HEAD') {
    reply.raw.end();
    return reply;
  }
  const source = logDownload(db, site.vid);
  try {
    await (gzip ? pipeline(source, createGzip(), reply.raw) : pipeline(source, reply.raw));
  } catch (err) {
    // The client went away or the database failed mid-stream: the response is cut short.
    req.log.warn({ err, vid: site.vid }, 'error-log download interrupted');
    reply.raw.destroy();
  }
  return reply;
}

function devsiteOut(r: typeof devsites.$inferSelect) {
  return {
    domain: r.domain,
    virtname: r.virtname,
    vid: r.vid,
    docroot: r.docroot,
    ssl: r.ssl,
    setup_date: r.setupDate,
  };
}

/** The site a log call names (SiteIds: vid and virt_server of the account), looked up with its owner. */
function findLogSite(db: Db, caller: Caller | null, owner: string, ids: z.infer<typeof C.SiteIds>) {
  return findWebsite(db, caller, { vid: ids.vid, owner, virtname: ids.virt_server });
}
