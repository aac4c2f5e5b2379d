import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { queueChange } from './changes.ts';
import {
  findWebsite,
  installAnswer,
  installUnderWay,
  operator,
  recentInstalls,
  webappAnswer,
  webappCatalogue,
} from './repository.ts';

/** Failed installs stay listed (with their error) this long. */
const FAILED_INSTALL_DAYS = 7;

/** Web applications installed on a website: the catalogue, installs in progress, a new install. */
export function installationRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, C.pendingInstallations, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => {
      const since = new Date(deps.now().getTime() - FAILED_INSTALL_DAYS * 86_400_000);
      return { installations: (await recentInstalls(db, account.logname, since)).map(installAnswer) };
    },
  });

  route(app, C.appList, {
    access: 'user',
    handler: async ({ db }) => (await webappCatalogue(db)).map(webappAnswer),
  });

  route(app, C.installApp, {
    // The install payload names no account: the site's owner is the account ('self' on it).
    access: { site: ({ body }) => body.vid },
    handler: async ({ db, body, caller, site: named }) => {
      const apps = await webappCatalogue(db);
      const app = apps[body.webappid];
      if (!app || app.appname !== body.appname)
        throw invalid(`webappid: ${hostingText.selectApp}`, { webappid: hostingText.selectApp });
      const site = await findWebsite(db, caller, named, { lock: true });
      // One install at a time into the same directory.
      if (await installUnderWay(db, site.vid, body.subdir)) throw conflict(hostingText.changePending);
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
