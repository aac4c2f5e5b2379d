import { must } from '../../test/support/must.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as account from '@portal/contract/account/calls';
import * as admin from '@portal/contract/admin/calls';
import * as billing from '@portal/contract/billing/calls';
import * as domains from '@portal/contract/domains/calls';
import * as hosting from '@portal/contract/hosting/calls';
import * as agent from '@portal/contract/hosting/agent';
import type { CallDef } from '@portal/contract/http';
import * as mail from '@portal/contract/mail/calls';
import * as session from '@portal/contract/session/calls';
import * as staff from '@portal/contract/staff/calls';
import * as tools from '@portal/contract/tools/calls';
import { describe, expect, it } from 'vitest';
import { buildApp, REDACT } from '../app.ts';
import { loadConfig } from '../config.ts';
import { auditLog } from '../db/schema.ts';
import type { Transport } from '../integrations/mailer.ts';
import { hashPassword } from '../auth/passwords.ts';
import { importDocument } from '../lib/import.ts';
import { createTestDatabase } from '../../test/support/helper.ts';
import { registerWorkers } from '../workers.ts';
import { ROUTES } from '@portal/contract/routes';
import { redact, redactUrl, SECRET_FIELDS, SECRET_PATHS } from './redact.ts';

const isCall = (v: unknown): v is CallDef =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'body' in v && 'data' in v;

/** Field names of a zod schema, nested objects included (zod 4 definitions). */
function fieldNames(schema: unknown, depth = 0): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: walks zod's internal definition objects
  const def = (schema as any)?._zod?.def;
  if (!def || depth > 8) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape).flatMap(([k, v]) => [k, ...fieldNames(v, depth + 1)]);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return fieldNames(def.innerType, depth + 1);
    case 'pipe':
      return [...fieldNames(def.in, depth + 1), ...fieldNames(def.out, depth + 1)];
    case 'union':
      return def.options.flatMap((o: unknown) => fieldNames(o, depth + 1));
    case 'intersection':
      return [...fieldNames(def.left, depth + 1), ...fieldNames(def.right, depth + 1)];
    case 'array':
      return fieldNames(def.element, depth + 1);
    default:
      return [];
  }
}

describe('the list of secret fields', () => {
  it('has every body field of the contract that looks like a secret', () => {
    const calls = [account, admin, billing, domains, hosting, agent, mail, session, staff, tools]
      .flatMap((m) => Object.values(m))
      .filter(isCall);
    const bodyFields = new Set(calls.flatMap((c) => fieldNames(c.body)));
    expect(bodyFields.has('panel_password')).toBe(true); // the walk does find fields
    const looksSecret = [...bodyFields].filter((f) =>
      /pass|token|secret|ccnumber|cvv|cleartext|confirm|^new$|^item$/i.test(f),
    );
    expect(looksSecret.filter((f) => !(SECRET_FIELDS as readonly string[]).includes(f))).toEqual([]);
  });

  it('is what the audit log leaves out', () => {
    expect(
      redact({ logname: 'bob', panel_password: 'a', new: 'b', confirm: 'b', reset_token: 'c', cvv: '1' }),
    ).toEqual({
      logname: 'bob',
      panel_password: '[redacted]',
      new: '[redacted]',
      confirm: '[redacted]',
      reset_token: '[redacted]',
      cvv: '[redacted]',
    });
  });
});

describe('the request log', () => {
  it('holds no password or token at the most verbose level: sign-in, password changes, a reset', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'redact-log-'));
    const { database, drop } = await createTestDatabase();
    const oldPanel = 'Panel-Before-3c9a57';
    const hash = await hashPassword(oldPanel);
    await importDocument(database.db, {
      accounts: [
        { logname: 'alice', uid: 9601, password_hash: hash, bill_email: 'alice@example.test' },
        { logname: 'bob', uid: 9602, password_hash: hash, bill_email: 'bob.baker@example.org' },
      ],
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const mails: string[] = [];
    const transport: Transport = {
      name: 'smtp',
      async deliver(id, msg) {
        mails.push(msg.body);
        return `<t-${id}@portal>`;
      },
    };
    const app = await buildApp(config, {
      database,
      transport,
      logger: {
        level: 'trace',
        redact: { paths: REDACT, censor: '[redacted]' },
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    registerWorkers(app);
    // Stands in for any code that logs what it was sent and what it answered: the redaction,
    // not the absence of such lines, is what keeps secrets out of the log.
    app.addHook('preHandler', async (req) => {
      req.log.trace({ headers: req.headers, body: req.body }, 'request');
    });
    app.addHook('onSend', async (req, _reply, payload) => {
      if (typeof payload === 'string' && payload.startsWith('{'))
        req.log.trace({ payload: JSON.parse(payload) }, 'answer');
      return payload;
    });
    const secrets: string[] = [];
    const post = async (url: string, payload: Record<string, unknown>, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    try {
      const login = await post('/api/miglogin', { username: 'alice', password: oldPanel });
      const token = login.data.id_token as string;
      const newPanel = 'Panel-Rotated-7d1e93';
      const newMail = 'Mailbox-Rotated-4b8c21';
      await post(
        '/api/user-change-password',
        { username: 'alice', old_password: oldPanel, new_password: newPanel, conf_password: newPanel },
        token,
      );
      await post(
        '/api/change-unix-password',
        { logname: 'alice', panel_password: newPanel, new: newMail, confirm: newMail },
        token,
      );
      await post('/api/forgot-panel-password', { account: 'bob', email: 'bob.baker@example.org' });
      await app.deps.jobs.drain();
      const resetToken = /reset-panel-password\/([\w-]+)/.exec(mails.join('\n'))?.[1] ?? '';
      expect(resetToken.length).toBeGreaterThan(10);
      const resetTo = 'Reset-Chosen-5a6f02';
      await post('/api/user-reset-password', {
        reset_token: resetToken,
        new_password: resetTo,
        conf_password: resetTo,
      });
      secrets.push(
        oldPanel,
        token,
        must(token.split('.')[2], "token.split('.')[2]"),
        newPanel,
        newMail,
        resetToken,
        resetTo,
      );

      const log = lines.join('');
      expect(log).toContain('[redacted]'); // the stand-in lines were written
      expect(log).toContain('/api/user-change-password');
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
      const audits = await database.db.select().from(auditLog);
      for (const secret of secrets) expect(JSON.stringify(audits)).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the request log’s URL', () => {
  it('knows every path of the contract with a secret segment', () => {
    const calls = [account, admin, billing, domains, hosting, agent, mail, session, staff, tools]
      .flatMap((m) => Object.values(m))
      .filter(isCall)
      .map((c) => c.path);
    const pages = ROUTES.map((r) => `/portal${r.path}`);
    const secret = [...new Set([...calls, ...pages])].filter((p) =>
      p.split('/').some((seg) => seg.startsWith(':') && SECRET_FIELDS.some((f) => seg.slice(1) === f)),
    );
    expect(secret.length).toBeGreaterThan(0);
    expect(secret.filter((p) => !(SECRET_PATHS as readonly string[]).includes(p))).toEqual([]);
  });

  it('keeps the token of each mailed link and every query value out of the line', async () => {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'redact-url-'));
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
    const app = await buildApp(config, {
      database,
      logger: {
        level: 'debug',
        redact: { paths: REDACT, censor: '[redacted]' },
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    const token = 'Zq7SecretLinkToken0123456789abcdef';
    const requests: [string, string][] = [
      ...SECRET_PATHS.map((p): [string, string] => ['GET', p.replace(':token', token)]),
      ['HEAD', `/api/confirm-address/${token}`],
      ['POST', `/api/confirm-address/${token}`],
      ['POST', `/api/subscribe-portal/confirm/${token}`],
      ['GET', `/portal//reset-panel-password//${token}`],
      ['GET', `/api/download-errorlogs?link=${token}`],
      ['GET', `/api/download-errorlogs?${token}`],
      ['GET', `/portal/?token=${token}&x=1`],
    ];
    try {
      for (const [method, url] of requests) {
        lines.length = 0;
        await app.inject({ method: method as 'GET', url });
        const answered = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
        expect(answered, `${method} ${url}`).toHaveLength(1);
        expect(lines.join(''), `${method} ${url}`).not.toContain(token);
        expect(answered[0].url).toContain('[redacted]');
      }
      expect(redactUrl('/api/customer/alice?page=2')).toBe('/api/customer/alice?page=[redacted]');
      expect(redactUrl('/api/subscribe-portal/confirm/abc')).toBe('/api/subscribe-portal/confirm/[redacted]');
    } finally {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
