import { describe, expect, it, vi } from 'vitest';
import type { StatusInput } from './status.ts';

// The session (imported by status.ts) reads the browser's storage when it loads.
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
const { showFailureWith } = await import('./status.ts');
const { ApiError } = await import('./failures.ts');

/** showFailureWith with the pop-ups and the field errors it gives, recorded. */
function shown(err: unknown, opts: Omit<Parameters<typeof showFailureWith>[2], 'setErrors'>, form = true) {
  const popUps: StatusInput[] = [];
  const fieldErrors: Record<string, string>[] = [];
  const setErrors = form ? (errors: Record<string, string>) => fieldErrors.push(errors) : undefined;
  showFailureWith((msg) => popUps.push(msg), err, { ...opts, setErrors });
  return { popUps, fieldErrors };
}

const CARD_FIELDS = ['ccname', 'expdate', 'address', 'zipcode'];

describe('useShowFailure: a failed call shown once, the field errors beside their fields', () => {
  it("a card form's refused field: beside the field, no pop-up repeating it", () => {
    const err = new ApiError(
      'refused',
      'zipcode: Invalid ZIP code',
      400,
      { zipcode: 'Invalid ZIP code' },
      'invalid',
    );
    expect(shown(err, { title: 'Failed', body: 'zipcode: Invalid ZIP code', fields: CARD_FIELDS })).toEqual({
      popUps: [],
      fieldErrors: [{ zipcode: 'Invalid ZIP code' }],
    });
  });

  it("an error of a field the form does not show: the screen's pop-up, in its colour; the form's fields cleared", () => {
    const err = new ApiError('refused', 'id: No such card', 400, { id: 'No such card' }, 'invalid');
    expect(
      shown(err, {
        title: 'Unable to update this card',
        body: 'id: No such card',
        alert: 'warning',
        fields: CARD_FIELDS,
      }),
    ).toEqual({
      popUps: [{ title: 'Unable to update this card', body: 'id: No such card', alert: 'warning' }],
      fieldErrors: [{}],
    });
  });

  it('a declined card: the pop-up with the lines the screen words, a warning by default', () => {
    const err = new ApiError('refused', 'This transaction has been declined.', 422, {}, 'refused');
    const body = ['This transaction has been declined.', 'Nothing was charged.'];
    expect(shown(err, { title: 'No Payment made', body, rename: { save_status: 'card_status' } })).toEqual({
      popUps: [{ title: 'No Payment made', body, alert: 'warning' }],
      fieldErrors: [{}],
    });
  });

  it("renames the API's field to the form's before putting it beside it", () => {
    const err = new ApiError('refused', 'save_status: Required', 400, { save_status: 'Required' }, 'invalid');
    expect(shown(err, { title: 'No Payment made', rename: { save_status: 'card_status' } })).toEqual({
      popUps: [],
      fieldErrors: [{ card_status: 'Required' }],
    });
  });

  it('without a form every text goes in the pop-up: a failure is serious, the body the screen gives', () => {
    const lost = new ApiError('failed', 'Server failure', 500, {}, 'internal');
    expect(shown(lost, { title: 'Renewal failed', body: 'Server failure' }, false)).toEqual({
      popUps: [{ title: 'Renewal failed', body: 'Server failure', alert: 'serious' }],
      fieldErrors: [],
    });
    const refused = new ApiError('refused', 'Invalid request', 400, { src_user: 'Bad name' }, 'invalid');
    expect(shown(refused, { title: 'Delete Failed' }, false).popUps).toEqual([
      { title: 'Delete Failed', body: 'Invalid request: Bad name', alert: 'warning' },
    ]);
  });
});
