import type { SessionItem } from '@portal/contract/security/session-calls';
import { describe, expect, it } from 'vitest';
import { groupSessions } from './session-groups.ts';

const session = (
  id: string,
  device: string,
  address: string,
  last_seen: string,
  current = false,
): SessionItem => ({
  id,
  current,
  created: '2026-11-28T08:00:00Z',
  last_seen,
  device,
  address,
  method: 'password',
});

describe('groupSessions', () => {
  it('folds identical sessions under the device’s latest, this browser’s group first', () => {
    const groups = groupSessions([
      session('a', 'Chrome 156 on Linux', '127.0.0.0/24', '2026-11-28T09:00:00Z'),
      session('b', 'Firefox 128 on Windows 10', '192.0.2.0/24', '2026-11-28T11:00:00Z'),
      session('c', 'Chrome 156 on Linux', '127.0.0.0/24', '2026-11-28T10:00:00Z'),
      session('d', 'Chrome 156 on Linux', '127.0.0.0/24', '2026-11-28T08:00:00Z', true),
      session('e', 'Chrome 156 on Linux', '198.51.100.0/24', '2026-11-28T12:00:00Z'),
    ]);
    expect(groups.map((g) => [g.first.id, g.older.map((s) => s.id)])).toEqual([
      ['d', ['c', 'a']],
      ['e', []],
      ['b', []],
    ]);
  });

  it('without this browser, orders the groups by their latest activity', () => {
    const groups = groupSessions([
      session('a', 'Safari 18 on iOS 18', '', '2026-11-27T09:00:00Z'),
      session('b', 'Safari 18 on iOS 18', '', '2026-11-28T09:00:00Z'),
      session('c', '', '', '2026-11-26T09:00:00Z'),
    ]);
    expect(groups.map((g) => [g.first.id, g.older.map((s) => s.id)])).toEqual([
      ['b', ['a']],
      ['c', []],
    ]);
  });
});
