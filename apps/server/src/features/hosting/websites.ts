import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { pick } from '../../lib/pick.ts';
import { queueChange } from './changes.ts';
import {
  CONFIG_KINDS,
  domainsWithDevsite,
  enabledPhpVersion,
  enabledPhpVersions,
  findWebsite,
  hasOpenChange,
  operator,
  pendingVids,
  websiteAnswer,
  websitesOf,
} from './repository.ts';

/** The websites of an account: lists, details, the pending change, PHP versions. */
export function websiteRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.compressedWebsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const rows = await websitesOf(db, account.logname);
      const pending = await pendingVids(
        db,
        rows.map((r) => r.vid),
      );
      return rows.map((r) => websiteAnswer(r, pending.has(r.vid)));
    },
  });

  route(app, C.compressedNondevWebsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const owner = account.logname;
      const rows = await websitesOf(db, owner);
      const withDev = await domainsWithDevsite(db, owner);
      return rows.map((r) => ({
        ...pick(websiteAnswer(r, false), 'virtname', 'vid', 'docroot', 'ssl'),
        has_devsite: withDev.has(r.virtname),
      }));
    },
  });

  route(app, C.virtDetails, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, params, account, caller }) => {
      const site = await findWebsite(db, caller, { vid: params.vid, owner: account.logname });
      return pick(websiteAnswer(site, false), 'virtname', 'vid', 'docroot', 'ssl', 'php_version');
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
    handler: async ({ db }) => enabledPhpVersions(db),
  });

  route(app, C.updatePhpVersion, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const version = await enabledPhpVersion(db, body.php_version);
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
