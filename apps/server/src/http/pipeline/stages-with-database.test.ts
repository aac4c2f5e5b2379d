import { commonText } from '@portal/contract/messages';
import { defineCall } from '@portal/contract/http';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeCast } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import type { Caller } from '../../auth/tokens.ts';
import { auditLog } from '../../db/schema.ts';
import { audited } from './audit.ts';
import { authenticate } from './authenticate.ts';
import { authorize } from './authorize.ts';
import type { Access } from './context.ts';
import { checkGrant } from './grant.ts';
import { claimKey, keepAnswer } from './idempotency.ts';
import { secondFactorGate } from './second-factor-gate.ts';

/**
 * The stages of the request pipeline (http/route.ts) that read or write the database, each on its
 * own, on accounts the test makes (alice, bob, staff); the stages without a database have a test file each beside them.
 */

const PASSWORD = 'stages-test-pass';
let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false, env: { PORTAL_STAFF_MFA: 'required' } });
  await makeCast(t, PASSWORD);
});
afterAll(() => t.close());

const call = defineCall({
  method: 'POST',
  path: '/api/stage-test',
  body: z.object({ logname: z.string() }),
  data: z.object({}),
});
const caller = (username: string, role: Caller['role'] = 'customer'): Caller => ({
  username,
  altuser: username,
  role,
  jti: 'j',
  sid: 's',
  exp: 0,
});
const codeOf = async (p: Promise<unknown>) =>
  (
    await p.then(
      () => null,
      (err) => err,
    )
  )?.code;

describe('authenticate', () => {
  const req = (authorization?: string) => ({
    headers: authorization ? { authorization } : {},
    ip: '192.0.2.1',
    caller: undefined,
  });

  it('asks no token of a public call, nor of an optional one sent without', async () => {
    expect(
      await authenticate(t.app.deps, req(), { access: 'public', call: { ...call, token: false } }),
    ).toBeNull();
    expect(await authenticate(t.app.deps, req(), { access: 'optional', call })).toBeNull();
  });

  it('refuses a missing, forged or ended token (401, expired_token)', async () => {
    for (const header of [undefined, 'Bearer forged', 'Bearer mpt_0123456789abcdef_forged'])
      expect(await codeOf(authenticate(t.app.deps, req(header), { access: 'user', call }))).toBe(
        'unauthenticated',
      );
  });

  it("answers a session's caller with its own account, and keeps it on the request", async () => {
    const r = req(`Bearer ${await t.token('alice', PASSWORD)}`);
    const who = await authenticate(t.app.deps, r, { access: 'user', call });
    expect(who).toMatchObject({ username: 'alice', self: { logname: 'alice' } });
    expect(r.caller).toBe(who);
  });
});

describe('the second-factor gate', () => {
  it('refuses a staff account without a factor all but the set-up calls, and confines those', async () => {
    const staff = caller('staff', 'staff');
    expect(await codeOf(secondFactorGate(t.app.deps, staff, { beforeSecondFactor: false }))).toBe(
      'forbidden',
    );
    expect(await secondFactorGate(t.app.deps, staff, { beforeSecondFactor: true })).toBe('staff');
  });

  it('leaves customers and callers without a session free', async () => {
    expect(await secondFactorGate(t.app.deps, caller('alice'), { beforeSecondFactor: false })).toBeNull();
    expect(await secondFactorGate(t.app.deps, null, { beforeSecondFactor: false })).toBeNull();
  });
});

describe('authorise', () => {
  const input = (logname: string) => ({ params: {}, body: { logname } });
  const rule: Access<typeof call> = { account: ({ body }) => body.logname, scope: 'read' };

  it('grants the account a rule names, with its owner looked up', async () => {
    const grants = await authorize(t.db, rule, caller('alice'), input('alice'), null);
    expect(grants.account?.logname).toBe('alice');
    expect(await codeOf(authorize(t.db, rule, caller('alice'), input('bob'), null))).toBe('forbidden');
    expect(await authorize(t.db, 'user', caller('alice'), input('x'), null)).toEqual({});
    expect(await codeOf(authorize(t.db, 'staff', caller('alice'), input('x'), null))).toBe('forbidden');
  });

  it('holds a confined session to its own account', async () => {
    const staff = caller('staff', 'staff');
    expect((await authorize(t.db, rule, staff, input('staff'), 'staff')).account?.logname).toBe('staff');
    const refusal = await authorize(t.db, rule, staff, input('alice'), 'staff').catch((err) => err);
    expect(refusal).toMatchObject({ code: 'forbidden', message: secondFactorText.setupRequired });
  });
});

describe('grant', () => {
  it("asks a customer's current password on a grant call, and notes staff were not asked", async () => {
    const plan = { grant: true };
    expect(await checkGrant(t.db, plan, caller('alice'), { password: PASSWORD })).toEqual({});
    expect(await codeOf(checkGrant(t.db, plan, caller('alice'), { password: 'wrong' }))).toBe('forbidden');
    const missing = await checkGrant(t.db, plan, caller('alice'), {}).catch((err) => err);
    expect(missing.message).toBe(commonText.grantPasswordRequired);
    expect(await checkGrant(t.db, plan, caller('staff', 'staff'), {})).toEqual({
      password_check: 'not asked: staff',
    });
    expect(await checkGrant(t.db, { grant: false }, caller('alice'), {})).toEqual({});
  });
});

describe('the idempotency key', () => {
  const deps = () => ({
    db: t.db,
    now: t.app.deps.now,
    fingerprint: (parts: unknown) => JSON.stringify(parts),
  });
  const plan = { call, idempotent: true, transaction: true };
  const input = { params: {}, body: { logname: 'alice' } };

  it('claims a key once; the kept answer is what the same request gets again', async () => {
    const headers = { 'idempotency-key': `stage-${Math.random()}` };
    const first = await claimKey(deps(), plan, { headers }, caller('alice'), input);
    expect(first.claimed?.owner).toBe('alice');
    await keepAnswer(t.db, first.claimed, { status: 1, message: '', data: {} });
    const again = await claimKey(deps(), plan, { headers }, caller('alice'), input);
    expect(again).toEqual({
      claimed: null,
      replay: { httpStatus: 200, answer: { status: 1, message: '', data: {} } },
    });
  });

  it('claims nothing without the header, on a call that takes none, or without a caller', async () => {
    const headers = { 'idempotency-key': 'unused' };
    const none = { claimed: null, replay: null };
    expect(await claimKey(deps(), plan, { headers: {} }, caller('alice'), input)).toEqual(none);
    expect(
      await claimKey(deps(), { ...plan, idempotent: false }, { headers }, caller('alice'), input),
    ).toEqual(none);
    expect(await claimKey(deps(), plan, { headers }, null, input)).toEqual(none);
  });
});

describe('audit', () => {
  const ctx = (who: Caller) => ({
    body: { logname: who.username, note: `audit-${Math.random()}` },
    caller: who,
    db: t.db,
    auditDetails: { extra: 1 },
  });

  it("writes a customer's own change with it, and nothing for a refusal", async () => {
    const plan = { call, audited: true, transaction: true };
    const done = ctx(caller('alice'));
    expect(await audited(plan, done, async () => 'ok')).toBe('ok');
    const note = done.body.note;
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/stage-test'));
    expect(rows.filter((r) => (r.details as { note?: string }).note === note)).toHaveLength(1);
    const refused = ctx(caller('alice'));
    await expect(audited(plan, refused, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    const after = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/stage-test'));
    expect(after).toHaveLength(rows.length);
  });

  it('writes a staff call without a transaction before it runs, and its outcome after', async () => {
    const plan = { call, audited: true, transaction: false };
    const staffCtx = ctx(caller('staff', 'staff'));
    await expect(
      audited(plan, staffCtx, async () => Promise.reject(new Error('gateway down'))),
    ).rejects.toThrow();
    const note = staffCtx.body.note;
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.operator, 'staff'));
    const row = rows.find((r) => (r.details as { note?: string }).note === note);
    expect(row?.details).toMatchObject({ outcome: 'failed', error: 'internal error', extra: 1 });
  });

  it('writes nothing for a call that is not audited', async () => {
    const before = await t.db.select().from(auditLog);
    expect(
      await audited({ call, audited: false, transaction: true }, ctx(caller('alice')), async () => 1),
    ).toBe(1);
    expect(await t.db.select().from(auditLog)).toHaveLength(before.length);
  });
});
