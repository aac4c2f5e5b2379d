import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthorizeNetGateway } from './authorize-net.ts';
import { createGateway, gatewayConfigFromEnv } from './index.ts';
import { SandboxGateway } from './sandbox.ts';
import {
  cardType,
  checkCardNumber,
  formatAmount,
  isExpired,
  luhnValid,
  parseExpdate,
  redactBody,
  scrubCardData,
  shortKey,
  splitName,
} from './types.ts';

describe('card helpers', () => {
  it('recognises the brands by IIN prefix', () => {
    expect(cardType('4111111111111111')).toBe('Visa');
    expect(cardType('4007000000027')).toBe('Visa');
    expect(cardType('5424000000000015')).toBe('M/C');
    expect(cardType('2223000010309703')).toBe('M/C');
    expect(cardType('2720990000000007')).toBe('M/C');
    expect(cardType('6011000000000012')).toBe('Discover');
    expect(cardType('6500000000000002')).toBe('Discover');
    expect(cardType('6440000000000005')).toBe('Discover');
    expect(cardType('6221260000000000')).toBe('Discover');
    expect(cardType('370000000000002')).toBe('AmExp');
    expect(cardType('340000000000009')).toBe('AmExp');
    expect(cardType('4111 1111-1111 1111')).toBe('Visa');
    expect(cardType('3088000000000017')).toBeNull(); // JCB
    expect(cardType('38000000000006')).toBeNull(); // Diners
    expect(cardType('2221000000000009')).toBe('M/C');
    expect(cardType('2220000000000000')).toBeNull();
    expect(cardType('4111x')).toBeNull();
  });

  it('checks Luhn, length and brand', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(checkCardNumber('4111-1111-1111-1111')).toEqual({
      ok: true,
      digits: '4111111111111111',
      type: 'Visa',
    });
    expect(checkCardNumber('4111111111111112').ok).toBe(false);
    expect(checkCardNumber('3088000000000017').ok).toBe(false);
    expect(checkCardNumber('0000000').ok).toBe(false);
  });

  it('parses MMYY and tells expiry by month end', () => {
    expect(parseExpdate('1230')).toEqual({ month: 12, year: 2030 });
    expect(parseExpdate('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpdate('1330')).toBeNull();
    expect(parseExpdate('0030')).toBeNull();
    expect(parseExpdate('123')).toBeNull();
    const now = new Date('2026-11-21T12:00:00Z');
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
  });

  it('formats amounts and splits names', () => {
    expect(formatAmount(1234)).toBe('12.34');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(100)).toBe('1.00');
    expect(formatAmount(0)).toBeNull();
    expect(formatAmount(-100)).toBeNull();
    expect(formatAmount(1.5)).toBeNull();
    expect(splitName('Alice B. Anderson')).toEqual({ firstName: 'Alice B.', lastName: 'Anderson' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('shortKey', () => {
  it('is a stable 20-character base32 form of the idempotency key', () => {
    const k = shortKey('payment:alice:7f3c2a90-0b1e-4c55-9d1a-2f7e8c9b0a11');
    expect(k).toMatch(/^[A-Z2-7]{20}$/);
    expect(shortKey('payment:alice:7f3c2a90-0b1e-4c55-9d1a-2f7e8c9b0a11')).toBe(k);
    expect(shortKey('payment:alice:7f3c2a90-0b1e-4c55-9d1a-2f7e8c9b0a12')).not.toBe(k);
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => shortKey(`key-${i}`)));
    expect(seen.size).toBe(2000);
  });

  it('matches an independent base32 encoding', () => {
    const hash = createHash('sha256').update('abc').digest();
    const bits = [...hash].map((b) => b.toString(2).padStart(8, '0')).join('');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    let expected = '';
    for (let i = 0; i < 100; i += 5) expected += alphabet[Number.parseInt(bits.slice(i, i + 5), 2)];
    expect(shortKey('abc')).toBe(expected);
  });
});

describe('keeping card data out of text', () => {
  it('masks anything that looks like a card number and removes the given secrets', () => {
    expect(scrubCardData("The value '4111111111111111' is invalid")).toBe("The value 'XXXX1111' is invalid");
    expect(scrubCardData('card 4111 1111 1111 1111 and 4007-0000-0002-7')).toBe('card XXXX1111 and XXXX0027');
    expect(scrubCardData('transId 60000000001 is fine')).toBe('transId 60000000001 is fine');
    expect(scrubCardData("code '987' rejected, E00987 kept", ['987'])).toBe(
      "code '***' rejected, E00987 kept",
    );
  });

  it('redacts bodies for logs', () => {
    const body = {
      createTransactionRequest: {
        merchantAuthentication: { name: 'login', transactionKey: 'secretKey' },
        transactionRequest: {
          payment: {
            creditCard: { cardNumber: '4111111111111111', expirationDate: '2030-12', cardCode: '123' },
          },
          order: { description: 'paid with 4111111111111111' },
        },
      },
    };
    const text = JSON.stringify(redactBody(body));
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('secretKey');
    expect(text).not.toContain('"123"');
    expect(text).toContain('XXXX1111');
  });
});

describe('createGateway', () => {
  it('makes the sandbox or the Authorize.Net client', () => {
    const sandbox = createGateway({ kind: 'sandbox' });
    expect(sandbox).toBeInstanceOf(SandboxGateway);
    expect(sandbox.name).toBe('sandbox');
    expect(sandbox.isSandbox).toBe(true);
    const live = createGateway({
      kind: 'authorize-net',
      endpoint: 'https://api.authorize.net/xml/v1/request.api',
      loginId: 'id',
      transactionKey: 'key',
    });
    expect(live).toBeInstanceOf(AuthorizeNetGateway);
    expect(live.name).toBe('authorize-net');
    expect(live.isSandbox).toBe(false);
    const test = createGateway({
      kind: 'authorize-net',
      endpoint: 'https://apitest.authorize.net/xml/v1/request.api',
      loginId: 'id',
      transactionKey: 'key',
    });
    expect(test.isSandbox).toBe(true);
  });

  it('refuses a plain-http endpoint that is not loopback', () => {
    expect(() =>
      createGateway({
        kind: 'authorize-net',
        endpoint: 'http://gateway.example.net/',
        loginId: 'a',
        transactionKey: 'b',
      }),
    ).toThrow(/https/);
  });

  it('reads the environment', () => {
    expect(gatewayConfigFromEnv({ PORTAL_GATEWAY: 'sandbox', AUTHNET_ENDPOINT: 'https://x' })).toEqual({
      kind: 'sandbox',
    });
    expect(
      gatewayConfigFromEnv({
        PORTAL_GATEWAY: 'authorize-net',
        AUTHNET_ENDPOINT: 'https://api.authorize.net/xml/v1/request.api',
        AUTHNET_LOGIN_ID: 'id',
        AUTHNET_TRANSACTION_KEY: 'key',
      }),
    ).toEqual({
      kind: 'authorize-net',
      endpoint: 'https://api.authorize.net/xml/v1/request.api',
      loginId: 'id',
      transactionKey: 'key',
    });
    expect(() =>
      gatewayConfigFromEnv({ PORTAL_GATEWAY: 'authorize-net', AUTHNET_ENDPOINT: 'https://x' }),
    ).toThrow();
  });
});
