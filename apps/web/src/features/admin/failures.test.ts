import { describe, expect, it } from 'vitest';
import { busAccountsFailure, type CallFailure, circuitsFailure } from './failures.ts';

/** Shaped like the ApiError the HTTP client throws (app/api.ts). */
const error = (kind: CallFailure['kind'], httpStatus: number, message: string) =>
  Object.assign(new Error(message), { kind, httpStatus });

describe('circuitsFailure', () => {
  it('shows a 500 as the danger modal "Server failure: 500", with or without a body', () => {
    expect(circuitsFailure(error('failed', 500, 'Internal error'))).toEqual({
      title: 'Server failure: 500',
      text: 'Internal error',
      alert: 'serious',
    });
    expect(circuitsFailure(error('failed', 500, 'Server failure: 500')).title).toBe('Server failure: 500');
  });

  it.each([
    ["a proxy's 502 without a body", error('failed', 502, 'Server failure: 502')],
    ["a proxy's 503 without a body", error('failed', 503, 'Server failure: 503')],
    ['a 503 of a database outage', error('failed', 503, 'Service temporarily unavailable')],
    ['a 504 time-out', error('failed', 504, 'Server failure: 504')],
    ['no answer at all', error('failed', 0, 'Network error - please check your connection')],
    ['a 200 that is not the envelope', error('failed', 200, 'Server failure: 200')],
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
    expect(circuitsFailure(error('refused', 403, text))).toEqual({
      title: 'Permission denied',
      text,
      alert: 'warning',
    });
  });
});

describe('busAccountsFailure', () => {
  it.each([
    ['a 500', error('failed', 500, 'Internal error')],
    ["a proxy's 502 without a body", error('failed', 502, 'Server failure: 502')],
    ['no answer at all', error('failed', 0, 'Network error - please check your connection')],
  ])('shows %s as the serious modal "Get Bus Accounts failed"', (_, err) => {
    expect(busAccountsFailure(err)).toEqual({
      title: 'Get Bus Accounts failed',
      text: err.message,
      alert: 'serious',
    });
  });

  it('shows a refusal as the permission warning', () => {
    expect(busAccountsFailure(error('refused', 403, 'Permission denied')).alert).toBe('warning');
  });
});
