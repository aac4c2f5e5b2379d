import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-address.ts';
import { DEVICE_COOKIE, DEVICE_TTL_S, type Device, type Devices } from './devices.ts';
import { type Check, portalRule, RULES } from './throttle.ts';

/**
 * Which counters a sign-in attempt on `account` goes through (auth/throttle.ts). From the owner's
 * known browser only that browser's own counter: whatever strangers do elsewhere — one address or a
 * thousand, one account or many — cannot lock it. From any other browser: the account from this
 * client, this client across accounts, the account from every unknown client, and the portal-wide
 * budget, in that fixed order.
 */
export function signInChecks(account: string, ip: string, device: Device | null, budget: number): Check[] {
  if (device?.accounts.includes(account)) return [{ key: `dev:${account}:${device.id}`, rule: RULES.device }];
  const client = clientKey(ip);
  return [
    { key: `pair:${account}:${client}`, rule: RULES.pair },
    { key: `ip:${client}`, rule: RULES.client },
    { key: `acct:${account}`, rule: RULES.account },
    { key: 'portal', rule: portalRule(budget) },
  ];
}

/**
 * The counters of a sign-in attempt that names no account (a passkey this portal does not know):
 * this client across accounts and the portal-wide budget, as for a password guess.
 */
export function unknownAccountChecks(ip: string, budget: number): Check[] {
  return [
    { key: `ip:${clientKey(ip)}`, rule: RULES.client },
    { key: 'portal', rule: portalRule(budget) },
  ];
}

/** The keys a success clears outright (the rest get their slot back): the account's own failures. */
export const ownKeys = (checks: Check[]) =>
  checks.filter((c) => c.rule === RULES.pair || c.rule === RULES.account || c.rule === RULES.device);

export const sharedKeys = (checks: Check[]) => checks.filter((c) => !ownKeys(checks).includes(c));

/** The browser's device, from its cookie (null when it has none or a forged one). */
export function readDevice(devices: Devices, req: FastifyRequest): Promise<Device | null> {
  return devices.read(req.cookies?.[DEVICE_COOKIE]);
}

/**
 * Remembers this browser as `account`'s: HttpOnly (no script reads it), SameSite=Strict, sent to
 * /api only, Secure when the portal is served over HTTPS.
 */
export async function rememberDevice(
  devices: Devices,
  device: Device | null,
  account: string,
  reply: FastifyReply,
  secure: boolean,
): Promise<void> {
  reply.setCookie(DEVICE_COOKIE, await devices.remember(device, account), {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: DEVICE_TTL_S,
  });
}
