import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { messageFooter } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { accountRecordOf, addressOf, saveAddress, setSummaryAddress } from './repository.ts';

type Kind = 'account' | 'bill';
type Address = C.Address;

const LABEL: Record<Kind, 'Account' | 'Billing'> = { account: 'Account', bill: 'Billing' };

/**
 * Account and billing addresses. Every change mails accounting the old and
 * the new address, in the same transaction as the change (through the outbox).
 */
export function addressRoutes(app: FastifyInstance): void {
  const { deps } = app;

  const calls = [
    {
      kind: 'account',
      get: C.getAccountAddress,
      update: C.updateAccountAddress,
      getScope: 'read',
      updateScope: 'self',
    },
    {
      kind: 'bill',
      get: C.getBillAddress,
      update: C.updateBillAddress,
      getScope: 'billing',
      updateScope: 'billing',
    },
  ] as const;

  for (const c of calls) {
    route(app, c.get, {
      access: { account: ({ body }) => body.account, scope: c.getScope },
      transaction: false,
      audit: false,
      handler: async ({ db, account }) => ({
        logname: account.logname,
        address: await readAddress(db, account.logname, c.kind),
      }),
    });

    route(app, c.update, {
      access: { account: ({ body }) => body.account, scope: c.updateScope },
      handler: async ({ db, body, account, caller }) => {
        const owner = account.logname;
        const old = await readAddress(db, owner, c.kind);
        const { account: _, ...fields } = body;
        const next: Address = { ...old, ...fields };
        const row = {
          firstName: next.first_name,
          lastName: next.last_name,
          company: next.company,
          address: next.address,
          city: next.city,
          state: next.state,
          zipcode: next.zipcode,
          country: next.country,
          phone: next.phone,
          updatedAt: deps.now(),
        };
        await saveAddress(db, owner, c.kind, row);
        if (c.kind === 'account') {
          // The customer summary shows the account address as two lines (addr1, addr2).
          await setSummaryAddress(
            db,
            owner,
            next.address,
            `${next.city}, ${next.state} ${next.zipcode}`.trim(),
          );
        }
        await deps.outbox.send(db, {
          kind: `address.${c.kind}`,
          account: owner,
          to: deps.config.ACCOUNTING_EMAIL,
          subject: `${LABEL[c.kind]} address change for ${owner}`,
          body: [
            `The ${LABEL[c.kind].toLowerCase()} address of account ${owner} (uid ${account.uid}) was changed.`,
            '',
            'Old address:',
            formatAddress(old),
            '',
            'New address:',
            formatAddress(next),
            '',
            '-- ',
            messageFooter(caller.username, owner),
          ].join('\n'),
        });
        return new Answer(
          { logname: owner, address: next, old_address: old, new_address: next },
          accountText.updated,
        );
      },
    });
  }
}

/** The stored address; before the first change, what the account record knows (names, company, phone). */
async function readAddress(db: Db, owner: string, kind: Kind): Promise<Address> {
  const row = await addressOf(db, owner, kind);
  if (row) {
    return {
      first_name: row.firstName,
      last_name: row.lastName,
      company: row.company,
      address: row.address,
      city: row.city,
      state: row.state,
      zipcode: row.zipcode,
      country: row.country,
      phone: row.phone,
    };
  }
  const acct = await accountRecordOf(db, owner);
  return {
    first_name: acct?.firstName ?? '',
    last_name: acct?.lastName ?? '',
    company: acct?.company ?? '',
    address: '',
    city: '',
    state: '',
    zipcode: '',
    country: 'US',
    phone: acct?.homePhone || acct?.workPhone || '',
  };
}

export function formatAddress(a: Address): string {
  return [
    `  ${[a.first_name, a.last_name].filter(Boolean).join(' ') || '(no name)'}`,
    a.company && `  ${a.company}`,
    `  ${a.address || '(no street address)'}`,
    `  ${[a.city, [a.state, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}`,
    `  ${a.country}`,
    a.phone && `  Phone: ${a.phone}`,
  ]
    .filter(Boolean)
    .join('\n');
}
