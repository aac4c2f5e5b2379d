import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskUsage, mailingLists } from '../../db/schema.ts';
import { ImportError, importDocument } from '../../lib/import.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * Mailing lists and disk usage are fed by other systems through `portal import`
 * (docs/mail-servers.md, "Mailing lists and disk usage"): with `--replace`, a list deleted on
 * the list server, or an account gone from the quota report, disappears from the portal.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const lists = async () =>
  (await t.db.select().from(mailingLists).orderBy(asc(mailingLists.listname))).map(
    (l) => `${l.listname} ${l.owner} ${l.listType}`,
  );
const DEMO_LISTS = [
  'anderson-clients alice MM',
  'anderson-legacy alice LS',
  'anderson-staff alice MJ',
  'bakers-news bob MM',
];

/** The Mailman export of the list server: every Mailman list, bakers-news deleted since the last run. */
const mailmanExport = {
  mailing_lists: [
    { listname: 'anderson-clients', owner: 'alice', list_type: 'MM' },
    { listname: 'anderson-events', owner: 'alice', list_type: 'MM' },
  ],
};

describe('portal import --replace', () => {
  it('without it, only adds and updates: a deleted list stays', async () => {
    const result = await importDocument(t.db, mailmanExport);
    expect(result).toEqual({ counts: { mailing_lists: 2 }, removed: {} });
    expect(await lists()).toEqual([
      ...DEMO_LISTS.slice(0, 1),
      'anderson-events alice MM',
      ...DEMO_LISTS.slice(1),
    ]);
  });

  it('removes the lists of its scope that the file leaves out, and only those', async () => {
    const result = await importDocument(t.db, mailmanExport, { replace: ['mailing_lists:list_type=MM'] });
    expect(result).toEqual({ counts: { mailing_lists: 2 }, removed: { mailing_lists: 1 } });
    // bob's only (Mailman) list is gone; the Majordomo and Listserv lists are another system's.
    expect(await lists()).toEqual([
      'anderson-clients alice MM',
      'anderson-events alice MM',
      'anderson-legacy alice LS',
      'anderson-staff alice MJ',
    ]);
    const bob = await t.as('bob').get('/api/mailing-lists/bob');
    expect(bob.body.data.mailing_lists).toEqual([]);
    // The same file again changes nothing.
    const again = await importDocument(t.db, mailmanExport, { replace: ['mailing_lists:list_type=MM'] });
    expect(again.removed).toEqual({ mailing_lists: 0 });
  });

  it('replaces a whole entity: disk usage from a quota report of every account', async () => {
    const result = await importDocument(
      t.db,
      {
        disk_usage: [
          { owner: 'alice', curr_quota: 10485760, curr_usage: 7340032 },
          { owner: 'bob', curr_quota: 2097152, curr_usage: 1024 },
        ],
      },
      { replace: ['disk_usage'] },
    );
    expect(result.removed).toEqual({ disk_usage: 2 });
    const rows = await t.db.select().from(diskUsage).orderBy(asc(diskUsage.owner));
    expect(rows.map((r) => [r.owner, r.currUsage])).toEqual([
      ['alice', 7340032],
      ['bob', 1024],
    ]);
    const carol = await t.as('carol').get('/api/disk-usage/carol');
    expect(carol.body.data.diskusage).toEqual([]);
    // An empty report is a report: nothing is left.
    const empty = await importDocument(t.db, { disk_usage: [] }, { replace: ['disk_usage'] });
    expect(empty.removed).toEqual({ disk_usage: 2 });
    expect(await t.db.select().from(diskUsage)).toEqual([]);
  });

  it('refuses a row outside the scope, an entity that cannot be replaced or is not in the file', async () => {
    const before = await lists();
    const refusals: Array<[unknown, string[], string]> = [
      [
        { mailing_lists: [...mailmanExport.mailing_lists, { listname: 'x', owner: 'bob', list_type: 'MJ' }] },
        ['mailing_lists:list_type=MM'],
        'mailing_lists[2].list_type: must be "MM" with --replace mailing_lists:list_type=MM',
      ],
      [
        { mailing_lists: [{ listname: 'x', owner: 'bob' }] },
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
