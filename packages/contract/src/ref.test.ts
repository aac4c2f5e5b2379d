import { describe, expect, it } from 'vitest';
import { ref } from './ref.ts';
import * as R from './session/call-refs.ts';
import type * as S from './session/calls.ts';
import * as T from './session/typed-refs.ts';

describe('typed call references', () => {
  it('carry the method, path and token of their call, marked typed', () => {
    expect(T.CUSTOMER).toEqual({ ...R.CUSTOMER, typed: true });
  });

  it('cannot be paired with another call', () => {
    // @ts-expect-error: the customer call's path is not the network status call's
    const wrong = () => ref<typeof S.networkStatus>(R.CUSTOMER);
    expect(typeof wrong).toBe('function');
  });
});
