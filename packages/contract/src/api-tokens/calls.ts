import { z } from 'zod';
import { defineCall } from '../http.ts';
import { credentialId, credentialName, listedCredential } from '../credentials.ts';
import { grantPassword, logname, required } from '../rules.ts';
import { apiTokenText } from './messages.ts';

/**
 * Personal access tokens (docs/api.md, docs/decisions/079-api-tokens.md): an account's
 * own credentials for scripts, sent as `Authorization: Bearer mpt_…` on the same calls as a session.
 */

/** The recognisable start of every token (secret scanners and people can tell it apart). */
export const API_TOKEN_PREFIX = 'mpt_';
/** A token: the prefix, its 16-hex-digit lookup id, `_`, 43 base64url characters (256 random bits). */
export const API_TOKEN_PATTERN = /^mpt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** The longest lifetime of a token, in days. */
export const API_TOKEN_MAX_DAYS = 365;
/** Lifetimes the screen offers, in days. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 365] as const;
/** Live (not revoked, not expired) tokens per account. */
export const MAX_API_TOKENS = 50;
/** Days before its expiry a token's owner is mailed (once). */
export const API_TOKEN_NOTICE_DAYS = 7;

export const ApiTokenScope = z.enum(['read', 'full'], { error: 'Choose read or full' });
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** A token as listed: never its secret. Dates are ISO 8601; `last_used` is null until first used. */
export const ApiToken = listedCredential(ApiTokenScope).extend({ expires: z.string() });
export type ApiToken = z.infer<typeof ApiToken>;

const tokenName = credentialName(apiTokenText.nameRequired);
const tokenId = credentialId('Not a token id');

export const createApiToken = defineCall({
  method: 'POST',
  path: '/api/create-api-token',
  body: z.object({
    logname,
    name: tokenName,
    scope: ApiTokenScope,
    /** When it stops working (ISO 8601 date-time with offset), at most a year ahead. */
    expires: required(apiTokenText.expiryRequired).pipe(
      z.iso.datetime({ offset: true, error: apiTokenText.expiryRequired }),
    ),
    password: grantPassword,
  }),
  /** `token` is the secret, in this answer only. */
  data: ApiToken.extend({ token: z.string() }),
  secret: true,
});

export const listApiTokens = defineCall({
  method: 'GET',
  path: '/api/api-tokens/:logname',
  params: z.object({ logname }),
  data: z.object({ tokens: z.array(ApiToken) }),
});

export const revokeApiToken = defineCall({
  method: 'POST',
  path: '/api/revoke-api-token',
  body: z.object({ logname, id: tokenId }),
  data: z.object({ id: z.string() }),
});
