import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskUsage, mailingLists } from '../../db/schema.ts';
import { ImportError, importDocument } from '../../lib/import.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * Mailing lists and disk usage are fed by other systems through `portal import`
 * (docs/mail-servers.md, "Mailing lists and disk usage"): with `--replace`, a list deleted on
 * the list server, or an account gone from the quota report, disappears from the portal.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;
let carol: Account;
/** What the list server and the quota report held at the last run (lists sorted by name). */
let LISTS: string[];
/** The Mailman export of the list server: every Mailman list, bakers-news deleted since the last run. */
let mailmanExport: { mailing_lists: Array<{ listname: string; owner: string; list_type: string }> };
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  alice = await f.makeAccount();
  bob = await f.makeAccount();
  carol = await f.makeAccount({ primary: alice });
  const dave = await f.makeAccount({ primary: alice });
  await importDocument(t.db, {
    mailing_lists: [
      { listname: 'anderson-clients', owner: alice.logname, list_type: 'MM' },
      { listname: 'anderson-staff', owner: alice.logname, list_type: 'MJ' },
      { listname: 'anderson-legacy', owner: alice.logname, list_type: 'LS' },
      { listname: 'bakers-news', owner: bob.logname, list_type: 'MM' },
    ],
    disk_usage: [
      { owner: alice.logname, curr_quota: 10485760, curr_usage: 6291456 },
      { owner: bob.logname, curr_quota: 2097152, curr_usage: 980 },
      { owner: carol.logname, curr_quota: 1048576, curr_usage: 204800 },
      { owner: dave.logname, curr_quota: 1048576, curr_usage: 1048576 },
    ],
  });
  LISTS = [
    `anderson-clients ${alice.logname} MM`,
    `anderson-legacy ${alice.logname} LS`,
    `anderson-staff ${alice.logname} MJ`,
    `bakers-news ${bob.logname} MM`,
  ];
  mailmanExport = {
    mailing_lists: [
      { listname: 'anderson-clients', owner: alice.logname, list_type: 'MM' },
      { listname: 'anderson-events', owner: alice.logname, list_type: 'MM' },
    ],
  };
});
afterAll(() => t.close());

const lists = async () =>
  (await t.db.select().from(mailingLists).orderBy(asc(mailingLists.listname))).map(
    (l) => `${l.listname} ${l.owner} ${l.listType}`,
  );

describe('portal import --replace', () => {
  it('without it, only adds and updates: a deleted list stays', async () => {
    const result = await importDocument(t.db, mailmanExport);
    expect(result).toEqual({ counts: { mailing_lists: 2 }, removed: {} });
    expect(await lists()).toEqual([
      ...LISTS.slice(0, 1),
      `anderson-events ${alice.logname} MM`,
      ...LISTS.slice(1),
    ]);
  });

  it('removes the lists of its scope that the file leaves out, and only those', async () => {
    const result = await importDocument(t.db, mailmanExport, { replace: ['mailing_lists:list_type=MM'] });
    expect(result).toEqual({ counts: { mailing_lists: 2 }, removed: { mailing_lists: 1 } });
    // bob's only (Mailman) list is gone; the Majordomo and Listserv lists are another system's.
    expect(await lists()).toEqual([
      `anderson-clients ${alice.logname} MM`,
      `anderson-events ${alice.logname} MM`,
      `anderson-legacy ${alice.logname} LS`,
      `anderson-staff ${alice.logname} MJ`,
    ]);
    const bobs = await f.as(bob).get(`/api/mailing-lists/${bob.logname}`);
    expect(bobs.body.data.mailing_lists).toEqual([]);
    // The same file again changes nothing.
    const again = await importDocument(t.db, mailmanExport, { replace: ['mailing_lists:list_type=MM'] });
    expect(again.removed).toEqual({ mailing_lists: 0 });
  });

  it('replaces a whole entity: disk usage from a quota report of every account', async () => {
    const result = await importDocument(
      t.db,
      {
        disk_usage: [
          { owner: alice.logname, curr_quota: 10485760, curr_usage: 7340032 },
          { owner: bob.logname, curr_quota: 2097152, curr_usage: 1024 },
        ],
      },
      { replace: ['disk_usage'] },
    );
    expect(result.removed).toEqual({ disk_usage: 2 });
    const rows = await t.db.select().from(diskUsage).orderBy(asc(diskUsage.owner));
    const byOwner = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
    expect(rows.map((r): [string, number] => [r.owner, r.currUsage]).sort(byOwner)).toEqual(
      (
        [
          [alice.logname, 7340032],
          [bob.logname, 1024],
        ] as Array<[string, number]>
      ).sort(byOwner),
    );
    const carols = await f.as(carol).get(`/api/disk-usage/${carol.logname}`);
    expect(carols.body.data.diskusage).toEqual([]);
    // An empty report is a report: nothing is left.
    const empty = await importDocument(t.db, { disk_usage: [] }, { replace: ['disk_usage'] });
    expect(empty.removed).toEqual({ disk_usage: 2 });
    expect(await t.db.select().from(diskUsage)).toEqual([]);
  });

  it('refuses a row outside the scope, an entity that cannot be replaced or is not in the file', async () => {
    const before = await lists();
    const refusals: Array<[unknown, string[], string]> = [
      [
        {
          mailing_lists: [
            ...mailmanExport.mailing_lists,
            { listname: 'x', owner: bob.logname, list_type: 'MJ' },
          ],
        },
        ['mailing_lists:list_type=MM'],
        'mailing_lists[2].list_type: must be "MM" with --replace mailing_lists:list_type=MM',
      ],
      [
        { mailing_lists: [{ listname: 'x', owner: bob.logname }] },
        ['mailing_lists:list_type=MM'],
        'mailing_lists[0].list_type: must be "MM" with --replace mailing_lists:list_type=MM',
      ],
      [{ accounts: [] }, ['accounts'], '--replace accounts: only mailing_lists, disk_usage can be replaced'],
      [
        { disk_usage: [] },
        ['mailing_lists'],
        '--replace mailing_lists: the file has no "mailing_lists" array',
      ],
      [
        mailmanExport,
        ['mailing_lists:colour=red'],
        '--replace mailing_lists:colour=red: unknown field "colour"',
      ],
      [
        mailmanExport,
        ['mailing_lists:list_type'],
        '--replace mailing_lists:list_type: expected ENTITY or ENTITY:FIELD=VALUE',
      ],
      [mailmanExport, ['mailing_lists', 'mailing_lists'], '--replace mailing_lists given twice'],
    ];
    for (const [doc, replace, message] of refusals) {
      const err = await importDocument(t.db, doc, { replace }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImportError);
      expect((err as Error).message).toBe(message);
    }
    expect(await lists()).toEqual(before);
  });

  it('is all-or-nothing: a bad row keeps the lists it would have removed', async () => {
    const before = await lists();
    const doc = { mailing_lists: [{ listname: 'orphan', owner: 'nobody', list_type: 'MM' }] };
    await expect(importDocument(t.db, doc, { replace: ['mailing_lists:list_type=MM'] })).rejects.toThrow(
      'mailing_lists[0].owner: "nobody" does not exist in accounts',
    );
    expect(await lists()).toEqual(before);
  });
});
