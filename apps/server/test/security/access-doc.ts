import {
  EXPECTATIONS,
  expected,
  IDENTITIES,
  IDENTITY_NOTES,
  TARGET_NOTES,
  TARGETS,
  type TargetName,
} from './expectations/index.ts';

/** docs/access.md: who may call what, rendered from the expectations table of the access matrix. */
export function renderAccessDoc(): string {
  const lines = [
    '# Who may do what',
    '',
    'Generated from `apps/server/test/security/expectations/` (one file per area) by',
    '`node --import tsx scripts/gen-access-doc.ts`; the access matrix test (`apps/server/test/security/access-matrix.test.ts`) sends every request of this',
    'table and fails when this file is stale. Each cell lists the targets on which the identity passes',
    'authorisation (a 2xx, or a business answer the table names, never 401 or 403); `401` means the call',
    'needs a token; `—` means every target is refused. A refused customer or Secondary gets exactly 403',
    '"Permission denied" whether or not the object exists (the spec\'s own text for a Secondary target, and',
    "the handler's text for a granted domain admin on owner-only calls); staff get 403, or 404 for an object",
    'that does not belong to the account named.',
    '',
    'Identities:',
    '',
    ...IDENTITIES.map((who) => `- \`${who}\`: ${IDENTITY_NOTES[who]}`),
    '',
    'Targets:',
    '',
    ...(Object.keys(TARGET_NOTES) as TargetName[]).map((name) => `- \`${name}\`: ${TARGET_NOTES[name]}`),
    '',
    `| call | rule | targets | ${IDENTITIES.join(' | ')} |`,
    `|---|---|---|${IDENTITIES.map(() => '---').join('|')}|`,
  ];
  for (const [call, entry] of Object.entries(EXPECTATIONS)) {
    const targets = TARGETS[entry.kind];
    const cells = IDENTITIES.map((who) => {
      const outcomes = targets.map((name) => [name, expected(entry, who, name)] as const);
      if (outcomes.every(([, o]) => o === 'unauthenticated')) return '401';
      const passed = outcomes.filter(([, o]) => o === 'pass').map(([name]) => name);
      if (passed.length === 0) return '—';
      return passed.length === targets.length ? 'all' : passed.join(' ');
    });
    const note =
      entry.special === 'agent' ? ' (agent credential only)' : entry.note ? ` (${entry.note})` : '';
    lines.push(`| \`${call}\`${note} | ${entry.access} | ${targets.join(' ')} | ${cells.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
