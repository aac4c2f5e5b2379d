import { bigint, boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './core.ts';

/**
 * Passkeys (WebAuthn credentials; auth/passkeys.ts). The public key only: the private
 * key never leaves the customer's authenticator. Rows go with their account.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    owner: text('owner')
      .notNull()
      .references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The credential id the authenticator chose (base64url); unique across every account. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (a uint32): a value that does not grow is a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The WebAuthn user handle given to the account's passkeys (random, never the logname). */
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    transports: text('transports').array().notNull().default([]),
    /** singleDevice | multiDevice (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsed: timestamp('last_used', { withTimezone: true }),
  },
  (t) => [index('passkeys_owner_idx').on(t.owner), index('passkeys_user_handle_idx').on(t.userHandle)],
);

/**
 * The challenges the portal handed out for a WebAuthn ceremony: in PostgreSQL, so any process can
 * check the answer to another's options; each is taken (deleted) by the first answer that names it,
 * and lives five minutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** 32 random bytes, base64url, as the browser signs them in clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    /** register | login | second-factor */
    purpose: text('purpose').notNull(),
    /** The account a registration or a second-factor check is for; null for a passkey sign-in. */
    account: text('account').references(() => accounts.logname, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The user handle a registration's options gave the authenticator (the answer does not carry it). */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
