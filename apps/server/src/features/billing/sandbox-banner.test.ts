import { afterAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The sandbox notice of the card and payment screens follows `sandbox_payments` of /api/urls:
 * the gateway's own isSandbox, true for the embedded sandbox (gateway-flows.test.ts) and for
 * Authorize.Net's test endpoint, false only for its production endpoint.
 */
const authorizeNet = (endpoint?: string) => ({
  PORTAL_GATEWAY: 'authorize-net',
  AUTHNET_LOGIN_ID: 'login-id',
  AUTHNET_TRANSACTION_KEY: 'transaction-key',
  ...(endpoint ? { AUTHNET_ENDPOINT: endpoint } : {}),
});

describe('sandbox_payments in /api/urls', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const sandboxPayments = async (env: Record<string, string>) => {
    const t = await build({ demo: false, env });
    apps.push(t);
    const res = await t.as(null).get('/api/urls');
    expect(res.status).toBe(200);
    return res.body.data.sandbox_payments;
  };

  it.each([
    ["Authorize.Net's test endpoint", authorizeNet('https://apitest.authorize.net/xml/v1/request.api'), true],
    ["Authorize.Net's production endpoint (the default)", authorizeNet(), false],
  ])('%s → %s', async (_, env, expected) => {
    expect(await sandboxPayments(env as Record<string, string>)).toBe(expected);
  });
});
