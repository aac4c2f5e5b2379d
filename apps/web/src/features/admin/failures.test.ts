import { describe, expect, it } from 'vitest';
import { busAccountsFailure, type CallFailure, circuitsFailure } from './failures.ts';

/** Shaped like the ApiError the HTTP client throws (app/api.ts): a bare answer has no code. */
const error = (kind: CallFailure['kind'], code: CallFailure['code'], message: string) =>
  Object.assign(new Error(message), { kind, code });

describe('circuitsFailure', () => {
  it('shows the server\'s own failure (code internal) as the danger modal "Server failure: 500"', () => {
    expect(circuitsFailure(error('failed', 'internal', 'Internal error'))).toEqual({
      title: 'Server failure: 500',
      text: 'Internal error',
      alert: 'serious',
    });
  });

  it.each([
    ["a proxy's 500 without a body", error('failed', '', 'Server failure: 500')],
    ["a proxy's 502 without a body", error('failed', '', 'Server failure: 502')],
    ["a proxy's 503 without a body", error('failed', '', 'Server failure: 503')],
    ['a 503 of a database outage', error('failed', 'unavailable', 'Service temporarily unavailable')],
    ['a 504 time-out', error('failed', '', 'Server failure: 504')],
    ['no answer at all', error('failed', '', 'Network error - please check your connection')],
    ['a 200 that is not the envelope', error('failed', '', 'Server failure: 200')],
    ['something that is not a call failure', new TypeError('x is undefined')],
  ])('shows %s as the serious modal "Get Circuits failed"', (_, err) => {
    expect(circuitsFailure(err)).toEqual({
      title: 'Get Circuits failed',
      text: err.message,
      alert: 'serious',
    });
  });

  it("shows a refusal (a Secondary's own account) as the permission warning", () => {
    const text = "Secondary accounts don't have access to this information";
    expect(circuitsFailure(error('refused', 'forbidden', text))).toEqual({
      title: 'Permission denied',
      text,
      alert: 'warning',
    });
  });
});

describe('busAccountsFailure', () => {
  it.each([
    ['a 500', error('failed', 'internal', 'Internal error')],
    ["a proxy's 502 without a body", error('failed', '', 'Server failure: 502')],
    ['no answer at all', error('failed', '', 'Network error - please check your connection')],
  ])('shows %s as the serious modal "Get Bus Accounts failed"', (_, err) => {
    expect(busAccountsFailure(err)).toEqual({
      title: 'Get Bus Accounts failed',
      text: err.message,
      alert: 'serious',
    });
  });

  it('shows a refusal as the permission warning', () => {
    expect(busAccountsFailure(error('refused', 'forbidden', 'Permission denied')).alert).toBe('warning');
  });
});
