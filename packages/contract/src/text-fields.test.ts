import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CallDef } from './http.ts';

/**
 * Every text field of every request (body and path parameters) refuses NUL, the other control
 * characters and lone surrogates in its schema (the text rules of rules.ts), instead of leaving
 * them to the PostgreSQL-error backstop. The calls are found in the contract's own modules, not
 * from a hand list, and the fields from the schemas (nested objects, arrays, records and union
 * members included).
 */

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every call the contract defines: the exported CallDef values of every module under src/. */
async function contractCalls(): Promise<Array<{ name: string; call: CallDef }>> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  const out: Array<{ name: string; call: CallDef }> = [];
  for (const file of files) {
    const mod = (await import(join(SRC, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      const v = value as Partial<CallDef> | null;
      if (v && typeof v === 'object' && typeof v.method === 'string' && typeof v.path === 'string' && v.body)
        out.push({ name: `${file.replace(/\.ts$/, '')}.${name}`, call: v as CallDef });
    }
  }
  return out;
}

/** The parts of a zod schema's definition the walk reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
/** `value`, or the test fails here naming what is missing (a zod definition without `what`, a call not found). */
function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${value}`);
  return value;
}

const defOf = (s: z.ZodType): Def => s._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** Whether the schema takes a string as input anywhere (a text field, possibly wrapped or in a union). */
function takesText(s: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(s)) return false;
  seen.add(s);
  const d = defOf(s);
  if (d.type === 'string') return true;
  if (WRAPPERS.has(d.type)) return takesText(must(d.innerType, 'innerType'), seen);
  if (d.type === 'pipe') return takesText(must(d.in, 'in'), seen);
  if (d.type === 'union') return must(d.options, 'options').some((o) => takesText(o, seen));
  if (d.type === 'intersection')
    return takesText(must(d.left, 'left'), seen) || takesText(must(d.right, 'right'), seen);
  if (d.type === 'lazy') return takesText(must(d.getter, 'getter')(), seen);
  return false;
}

/** Every text field of a schema: [path, the field's schema]. */
function textFields(s: z.ZodType, at: string, seen = new Set<z.ZodType>()): Array<[string, z.ZodType]> {
  if (seen.has(s)) return [];
  seen.add(s);
  const d = defOf(s);
  const inner = (c: z.ZodType, path = at) => textFieldsOrSelf(c, path, seen);
  switch (d.type) {
    case 'object':
      return Object.entries(must(d.shape, 'shape')).flatMap(([k, v]) => inner(v, at ? `${at}.${k}` : k));
    case 'array':
      return inner(must(d.element, 'element'), `${at}[]`);
    case 'record':
      return inner(must(d.valueType, 'valueType'), `${at}{}`);
    case 'tuple':
      return [...must(d.items, 'items'), ...(d.rest ? [d.rest] : [])].flatMap((c, i) =>
        inner(c, `${at}[${i}]`),
      );
    case 'union':
      return must(d.options, 'options').flatMap((o) => textFields(o, at, seen));
    case 'intersection':
      return [...textFields(must(d.left, 'left'), at, seen), ...textFields(must(d.right, 'right'), at, seen)];
    case 'pipe':
      return textFields(must(d.in, 'in'), at, seen);
    case 'lazy':
      return textFields(must(d.getter, 'getter')(), at, seen);
    default:
      return WRAPPERS.has(d.type) ? textFields(must(d.innerType, 'innerType'), at, seen) : [];
  }
}
function textFieldsOrSelf(s: z.ZodType, at: string, seen: Set<z.ZodType>): Array<[string, z.ZodType]> {
  return [...(takesText(s) ? [[at, s] as [string, z.ZodType]] : []), ...textFields(s, at, seen)];
}

/** NUL, a control character and lone surrogates: alone, and inside values of the common formats. */
const BAD = [
  '\u0000',
  'Acme\u0000Design',
  'a\u0000b@example.com',
  '12\u000034',
  'line\u001Bone',
  '\uD800',
  'Acme\uDC00Design',
  'a\uD800b@example.com',
];

/**
 * Fields that take raw data rather than text to store or show, with the reason; each must still be
 * a text field that takes NUL (a stale entry fails).
 */
const RAW: Record<string, string> = {
  // The text a tool hashes or encodes is any text (a NUL has a digest too); Base64 input has the
  // decoder's own character rules (white space skipped, anything else named with its position);
  // text with no UTF-8 form gets the tool's own message. Never stored nor logged
  // (docs/areas/tools.md).
  'tools/calls.md5 body.cleartext': 'tool input',
  'tools/calls.sha1 body.cleartext': 'tool input',
  'tools/calls.bcrypt body.cleartext': 'tool input',
  'tools/calls.encodeBase64 body.cleartext': 'tool input',
  'tools/calls.decodeBase64 body.cleartext': 'tool input',
  // Web-server error-log lines as the server wrote them: stored cleaned (NUL and line breaks
  // become spaces, features/hosting/logs.ts cleanLine), never refused, so no log batch is lost.
  'hosting/agent.agentLogs body.lines[]': 'raw log lines',
};

describe('request text fields refuse control characters and broken Unicode', async () => {
  const calls = await contractCalls();

  it('finds the calls and their text fields from the contract', () => {
    const fields = calls.flatMap(({ call }) => [
      ...textFields(call.body, ''),
      ...textFields(call.params, ''),
    ]);
    // Not a hand count to keep in step: only a guard that the walk found something to check.
    expect(calls.length).toBeGreaterThan(100);
    expect(fields.length).toBeGreaterThan(200);
  });

  it.each(calls.map(({ name, call }) => [name, call] as const))('%s', (name, call) => {
    const accepted: string[] = [];
    for (const [part, schema] of [
      ['body', call.body],
      ['params', call.params],
    ] as const) {
      for (const [path, field] of textFields(schema, '')) {
        const where = `${part}.${path}`;
        if (RAW[`${name} ${where}`]) continue;
        for (const bad of BAD)
          if (field.safeParse(bad).success) accepted.push(`${where} accepts ${JSON.stringify(bad)}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('every raw-data exception names a text field that takes NUL', () => {
    const byName = new Map(calls.map(({ name, call }) => [name, call]));
    for (const entry of Object.keys(RAW)) {
      const [name = '', where = ''] = entry.split(' ');
      const [part, ...rest] = where.split('.');
      const call = byName.get(name);
      expect(call, entry).toBeDefined();
      const field = textFields(part === 'body' ? must(call, entry).body : must(call, entry).params, '').find(
        ([path]) => path === rest.join('.'),
      );
      expect(field, entry).toBeDefined();
      expect(must(field, entry)[1].safeParse('a\u0000b').success, entry).toBe(true);
    }
  });
});
