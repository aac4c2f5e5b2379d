import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorizeAccount } from '../../auth/policy.ts';
import { liveSession } from '../../auth/sessions.ts';
import { type Caller, resolveSecret } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { queueChange } from './changes.ts';
import { createLogLinks } from './log-links.ts';
import { logDownload, logFileName, readLogs } from './logs.ts';
import {
  CONFIG_KINDS,
  findWebsite,
  hasLogs,
  hasOpenChange,
  operator,
  type WebsiteRow,
} from './repository.ts';

/** A website's error logs: switching them on and off, reading, downloading. */
export function errorLogRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const links = createLogLinks(resolveSecret(deps.config.PORTAL_JWT_SECRET, deps.config.DATA_DIR), deps.now);

  route(app, C.watchErrorLogs, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const site = await findWebsite(
        db,
        caller,
        { vid: body.vid, owner: account.logname, virtname: body.virt_server },
        { lock: true },
      );
      if (await hasOpenChange(db, site.vid, CONFIG_KINDS)) throw conflict(hostingText.changePending);
      if (site.errorLogs === body.status) {
        return new Answer(
          { vid: site.vid, status: body.status, queued: false },
          body.status ? hostingText.logsAlreadyOn : hostingText.logsAlreadyOff,
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
        body.status ? hostingText.logsOn : hostingText.logsOff,
      );
    },
  });

  route(app, C.downloadErrorLogs, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    // A read: no transaction held open for the length of a download, nothing to audit.
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller, req, reply }) => {
      const site = await findLogSite(db, caller, account.logname, body);
      return sendLogFile(db, site, req, reply);
    },
  });

  route(app, C.downloadErrorLogsLink, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      const site = await findLogSite(db, caller, account.logname, body);
      const { token, expiresAt } = await links.sign(caller, site.owner, site.vid);
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
      if (!link || !self) throw notFound(hostingText.downloadLinkInvalid);
      const account = await authorizeAccount(db, { ...link.caller, self }, link.logname, 'read');
      const site = await findWebsite(db, link.caller, { vid: link.vid, owner: account.logname });
      return sendLogFile(db, site, req, reply);
    },
  });

  route(app, C.getErrorLogs, {
    access: { account: ({ body }) => body.logname, scope: 'read' },
    transaction: false,
    audit: false,
    handler: async ({ db, body, account, caller }) => {
      const site = await findLogSite(db, caller, account.logname, body);
      const { logs, lastId } = await readLogs(db, site.vid, body.last_log_id);
      return { logs, numrows: logs.length, new_last_log_id: lastId };
    },
  });
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

/** The site a log call names (SiteIds: vid and virt_server of the account), looked up with its owner. */
function findLogSite(db: Db, caller: Caller | null, owner: string, ids: z.infer<typeof C.SiteIds>) {
  return findWebsite(db, caller, { vid: ids.vid, owner, virtname: ids.virt_server });
}
