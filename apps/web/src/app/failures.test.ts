import { describe, expect, it } from 'vitest';
import { ApiError, formFailure } from './failures.ts';

const refused = (message: string, errors: Record<string, string> = {}) =>
  new ApiError('refused', message, 400, errors, 'invalid');

describe('formFailure: each error once, beside its field; the rest for a pop-up', () => {
  it('puts a field error beside its field and leaves nothing for a pop-up', () => {
    const err = refused('src_user: Leave out the @ part', { src_user: 'Leave out the @ part' });
    expect(formFailure(err, { fields: ['src_user', 'targets'] })).toEqual({
      fieldErrors: { src_user: 'Leave out the @ part' },
      formError: null,
      code: 'invalid',
    });
  });

  it('tells an error of a field the form does not show in the pop-up, once', () => {
    const err = refused('x', { src_user: 'Bad name', src_domain: 'No such domain', other: 'No such domain' });
    expect(formFailure(err, { fields: ['src_user'] })).toEqual({
      fieldErrors: { src_user: 'Bad name' },
      formError: 'No such domain',
      code: 'invalid',
    });
  });

  it('gives the message when no field has an error', () => {
    const err = new ApiError('refused', 'This transaction has been declined.', 422, {}, 'refused');
    expect(formFailure(err)).toEqual({
      fieldErrors: {},
      formError: 'This transaction has been declined.',
      code: 'refused',
    });
  });

  it("renames the API's field to the form's", () => {
    const err = refused('save_status: Required', { save_status: 'Required' });
    expect(formFailure(err, { rename: { save_status: 'card_status' } }).fieldErrors).toEqual({
      card_status: 'Required',
    });
  });

  it('puts a refusal whose code names a field beside that field, when the form shows it', () => {
    const wrong = new ApiError('refused', 'That code is not right.', 422, {}, 'wrong_code');
    const codeFields = { wrong_code: 'code' } as const;
    expect(formFailure(wrong, { fields: ['code', 'password'], codeFields })).toEqual({
      fieldErrors: { code: 'That code is not right.' },
      formError: null,
      code: 'wrong_code',
    });
    expect(formFailure(wrong, { fields: ['password'], codeFields })).toEqual({
      fieldErrors: {},
      formError: 'That code is not right.',
      code: 'wrong_code',
    });
  });

  it('tells a failure without an answer (network) as its message, with no code', () => {
    expect(formFailure(new Error('Failed to fetch'))).toEqual({
      fieldErrors: {},
      formError: 'Failed to fetch',
      code: '',
    });
  });
});
