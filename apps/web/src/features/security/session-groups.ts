import type { SessionItem } from '@portal/contract/security/session-calls';

/**
 * Sessions of one device: the same browser and system on the same network. The first is the one
 * shown (this browser's session, else the most recently active); the others are folded under it.
 */
export interface SessionGroup {
  key: string;
  first: SessionItem;
  older: SessionItem[];
}

const byLastSeen = (a: SessionItem, b: SessionItem) => b.last_seen.localeCompare(a.last_seen);

/** The sessions grouped by device and network: this browser's group first, then the most recently active. */
export function groupSessions(sessions: readonly SessionItem[]): SessionGroup[] {
  const groups = new Map<string, SessionItem[]>();
  for (const s of sessions) {
    const key = `${s.device}\u0000${s.address}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return [...groups.entries()]
    .flatMap(([key, items]) => {
      const [first, ...older] = [...items].sort(
        (a, b) => Number(b.current) - Number(a.current) || byLastSeen(a, b),
      );
      return first ? [{ key, first, older }] : [];
    })
    .sort((a, b) => Number(b.first.current) - Number(a.first.current) || byLastSeen(a.first, b.first));
}
