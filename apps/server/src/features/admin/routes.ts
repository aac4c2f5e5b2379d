import * as C from '@portal/contract/admin/calls';
import { adminText } from '@portal/contract/admin/messages';
import type { FastifyInstance } from 'fastify';
import { missing } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import { Answer, route } from '../../http/route.ts';
import { forbidden } from '../../lib/errors.ts';
import * as R from './repository.ts';
import { textsFor } from '../../http/language.ts';

/**
 * Account administration: secondary accounts and their dashboard admins, account
 * contacts, circuits and BUS accounts. Secondary administration and every change use the
 * 'primary' scope; the contacts, circuits and BUS accounts are read with 'info' (auth/policy.ts),
 * so a dashboard admin sees its primary's, and a Secondary named as the target is told it has none.
 */
export function adminRoutes(app: FastifyInstance): void {
  route(app, C.secondaries, {
    access: { account: ({ params }) => params.user, scope: 'primary' },
    handler: async ({ db, account }) => {
      return { secondaries: await R.listSecondaries(db, account.logname, account.uid) };
    },
  });

  route(app, C.updateAdmins, {
    access: { account: ({ body }) => body.logname, scope: 'primary' },
    grant: true,
    limit: 'grant',
    handler: async ({ db, account, body, auditDetails, req }) => {
      // Only the primary's own secondaries can be named; any other uid refuses the whole list.
      const own = await R.ownSecondaryUids(db, account.logname, body.admins);
      if (own.length !== body.admins.length) throw forbidden();
      await R.setDashboardAdmins(db, account.logname, body.admins);
      auditDetails.admins = body.admins;
      return new Answer(
        { secondaries: await R.listSecondaries(db, account.logname, account.uid) },
        textsFor(req, adminText).adminsUpdated(account.logname),
      );
    },
  });

  route(app, C.contacts, {
    access: { account: ({ params }) => params.account, scope: 'info' },
    handler: async ({ db, account }) => ({
      contacts: await R.listContacts(db, account.logname),
    }),
  });

  route(app, C.getContact, {
    access: { account: ({ body }) => body.logname, scope: 'info' },
    transaction: false,
    audit: false,
    handler: async ({ db, account, body, caller }) => {
      const found = await R.findContact(db, account.logname, body.tcid);
      if (!found) throw missingContact(caller);
      return { contact: found };
    },
  });

  route(app, C.addContact, {
    access: { account: ({ body }) => body.logname, scope: 'primary' },
    handler: async ({ db, account, body, req }) => {
      const created = await R.insertContact(db, account.logname, body);
      return new Answer({ contact: created }, textsFor(req, adminText).contactAdded(created.contact));
    },
  });

  route(app, C.updateContact, {
    access: { account: ({ body }) => body.logname, scope: 'primary' },
    handler: async ({ db, account, body, caller, req }) => {
      const updated = await R.updateContact(db, account.logname, body.tcid, body);
      if (!updated) throw missingContact(caller);
      return new Answer({ contact: updated }, textsFor(req, adminText).contactUpdated(updated.contact));
    },
  });

  route(app, C.deleteContact, {
    access: { account: ({ body }) => body.account, scope: 'primary' },
    handler: async ({ db, account, body, caller, auditDetails, req }) => {
      const deleted = await R.deleteContact(db, account.logname, body.id);
      if (!deleted) throw missingContact(caller);
      auditDetails.contact = deleted.contact;
      return new Answer(deleted, textsFor(req, adminText).deleted(deleted.contact));
    },
  });

  route(app, C.circuits, {
    access: { account: ({ params }) => params.account, scope: 'info' },
    handler: async ({ db, account }) => ({
      circuits: await R.listCircuits(db, account.logname),
    }),
  });

  route(app, C.busAccounts, {
    access: { account: ({ params }) => params.account, scope: 'info' },
    handler: async ({ db, account }) => ({
      bus_accounts: await R.listBusAccounts(db, account.logname),
    }),
  });
}

const missingContact = (caller: Caller | null) => missing(caller, adminText.contactNotFound);
