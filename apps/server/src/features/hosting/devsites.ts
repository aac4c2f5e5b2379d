import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { messageFooter } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { conflict } from '../../lib/errors.ts';
import { queueChange } from './changes.ts';
import {
  databasesOf,
  devsiteAnswer,
  devsiteOfDomain,
  devsitesOf,
  findDevsite,
  findWebsite,
  hasOpenChange,
  liveSiteServer,
  operator,
} from './repository.ts';

/** Development sites and databases, and requests for a new development site. */
export function devsiteRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.devsites, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => (await devsitesOf(db, account.logname)).map(devsiteAnswer),
  });

  route(app, C.devsite, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, params, account, caller }) =>
      devsiteAnswer(await findDevsite(db, caller, { vid: params.vid, owner: account.logname })),
  });

  route(app, C.databases, {
    access: { account: ({ params }) => params.user, scope: 'read' },
    handler: async ({ db, account }) => databasesOf(db, account.logname),
  });

  route(app, C.devsiteRequest, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, body, account, caller }) => {
      const owner = account.logname;
      const op = operator(caller);
      const footer = messageFooter(op, owner);
      if (body.action === 'create') {
        const site = await findWebsite(db, caller, { vid: body.vid, owner }, { lock: true });
        if (await devsiteOfDomain(db, owner, site.virtname)) throw conflict(hostingText.devsiteExists);
        if (await hasOpenChange(db, site.vid, ['devsite.create'])) throw conflict(hostingText.changePending);
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
          replyTo: body.email_contact || account.billEmail || null,
          subject: `Devsite request: create a devsite for ${site.virtname} (${owner})`,
          body: [
            `Request #${id}: set up a devsite`,
            `Account: ${owner}`,
            `Website: ${site.virtname} (vid ${site.vid}, ${site.docroot})`,
            `Dev Site Type: ${body.devsite_type}`,
            `Contact: ${body.email_contact || account.billEmail}`,
            `Special requests: ${body.notes || '(none)'}`,
            '',
            footer,
          ].join('\n'),
        });
        return new Answer({ change_id: id }, hostingText.devsiteSubmitted);
      }
      const dev = await findDevsite(db, caller, { vid: body.vid, owner }, { lock: true });
      const kind = body.action === 'promote' ? 'devsite.promote' : 'devsite.refresh';
      if (await hasOpenChange(db, dev.vid, ['devsite.promote', 'devsite.refresh']))
        throw conflict(hostingText.changePending);
      const id = await queueChange(deps, db, {
        owner,
        vid: dev.vid,
        kind,
        payload: { domain: dev.domain, virtname: dev.virtname, docroot: dev.docroot, notes: body.notes },
        operator: op,
        server: await liveSiteServer(db, owner, dev.domain),
      });
      const what =
        body.action === 'promote'
          ? `promote devsite ${dev.virtname} to the live site ${dev.domain} (replaces the live site's contents)`
          : `refresh devsite ${dev.virtname} from the live site ${dev.domain} (replaces the devsite's contents)`;
      await deps.outbox.send(db, {
        kind: 'hosting.devsite-request',
        account: owner,
        to: deps.config.NOC_EMAIL,
        replyTo: account.billEmail || null,
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
        body.action === 'promote' ? hostingText.promoteSubmitted : hostingText.refreshSubmitted,
      );
    },
  });
}
