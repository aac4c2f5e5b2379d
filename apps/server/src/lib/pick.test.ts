import { describe, expect, it } from 'vitest';
import { pick } from './pick.ts';

describe('pick', () => {
  it('answers the named fields only, in the order named, with their values', () => {
    const row = { vid: 7, virtname: 'example.com', ssl: 0, pending: false };
    const picked = pick(row, 'virtname', 'ssl', 'vid');
    expect(picked).toEqual({ virtname: 'example.com', ssl: 0, vid: 7 });
    expect(Object.keys(picked)).toEqual(['virtname', 'ssl', 'vid']);
    expect(row).toEqual({ vid: 7, virtname: 'example.com', ssl: 0, pending: false });
  });
});
