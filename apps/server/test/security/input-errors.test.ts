import { commonText } from '@portal/contract/messages';
import { BAD_CHARACTERS } from '@portal/contract/rules';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { unstorableText } from '../../src/app.ts';
import { makeCast } from '../support/factories.ts';
import { build } from '../support/helper.ts';
import { changedTables, snapshot } from './snapshot.ts';

/**
 * Text PostgreSQL cannot store (NUL in text or JSON, a lone surrogate in JSON) is a 400 with the
 * envelope, never a 500: the contract's text rules refuse it first (rules.test.ts), and the error
 * handler maps the database's refusal for any field without them (app.ts, unstorableText).
 */

const PASSWORD = 'input-errors-pass';
const t = await build({ demo: false });
afterAll(() => t.close());
await makeCast(t, PASSWORD);

const caught = async (query: Promise<unknown>) => {
  try {
    await query;
  } catch (err) {
    return err;
  }
  throw new Error('the query was expected to fail');
};

describe('unstorableText: the database errors answered 400', () => {
  it('recognises the codes through the driver and Drizzle wrappers', () => {
    const wrapped = (code: string, detail?: string) => new Error('Failed query', { cause: { code, detail } });
    expect(unstorableText(wrapped('22021'))).toBe(BAD_CHARACTERS);
    expect(unstorableText(wrapped('22P05'))).toBe(BAD_CHARACTERS);
    expect(unstorableText(wrapped('22P02', 'Unicode low surrogate must follow a high surrogate.'))).toBe(
      BAD_CHARACTERS,
    );
    expect(unstorableText(wrapped('22P02', 'invalid input syntax for type integer'))).toBe(
      commonText.invalidInput,
    );
    expect(unstorableText(wrapped('23505'))).toBeNull();
    expect(unstorableText(new Error('boom'))).toBeNull();
  });

  it('matches what this database really raises', async () => {
    expect(unstorableText(await caught(t.db.execute(sql`select ${'a\u0000b'}::text`)))).toBe(BAD_CHARACTERS);
    expect(
      unstorableText(await caught(t.db.execute(sql`select ${JSON.stringify({ a: '\u0000' })}::jsonb`))),
    ).toBe(BAD_CHARACTERS);
    expect(
      unstorableText(await caught(t.db.execute(sql`select ${JSON.stringify({ a: '\uD800' })}::jsonb`))),
    ).toBe(BAD_CHARACTERS);
  });
});

describe('NUL and broken Unicode in requests', () => {
  it('a NUL in the sign-in name: 400 from the contract, before the throttle counts anything', async () => {
    const before = await snapshot(t.db);
    // It used to reach the throttle's insert and be refused by the database backstop (above);
    // every request text field now has the text rule (packages/contract/src/text-fields.test.ts).
    const res = await t.request('POST', '/api/miglogin', {
      body: { username: 'ali\u0000ce', password: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 0,
      message: `username: ${BAD_CHARACTERS}`,
      code: 'invalid',
      errors: { username: BAD_CHARACTERS },
    });
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('a NUL or a lone surrogate in a rule-checked field: 400 from the contract, with the field', async () => {
    const staff = await t.token('staff', PASSWORD);
    const body = {
      account: 'alice',
      first_name: 'A',
      last_name: 'B',
      company: '',
      address: '1 Road',
      city: 'X',
    };
    const address = { ...body, state: 'ME', zipcode: '04101', country: 'US', phone: '' };
    const before = await snapshot(t.db);
    for (const bad of ['1 Road\u0000', '1 Road\uD800']) {
      const res = await t.request('POST', '/api/update-account-address', {
        token: staff,
        body: { ...address, address: bad },
      });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe(0);
      expect(res.body.errors?.address ?? res.body.message).toContain(BAD_CHARACTERS);
    }
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('a NUL in any text field as staff, audit log (JSON) included: 400, never 500', async () => {
    const staff = await t.token('staff', PASSWORD);
    const before = await snapshot(t.db);
    const res = await t.request('POST', '/api/addtoaudit', {
      token: staff,
      body: { logname: 'alice', message: 'probe\u0000' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });
});
