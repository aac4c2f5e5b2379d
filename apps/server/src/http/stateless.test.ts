import { must } from '../../test/support/must.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineJob, enqueue } from '../lib/jobs.ts';
import { makeCast } from '../../test/support/factories.ts';
import { build, type TestApp, testInstances } from '../../test/support/helper.ts';

/**
 * Statelessness (docs/operations.md, "Several processes"). The API suite proves it at run time:
 * on PostgreSQL `npm test` runs it with TEST_INSTANCES=2, two apps on one database that take the
 * requests in turn (test/support/helper.ts); the first part below checks that the harness really does so.
 * Two apps in one process still share their modules, so the second part is a static backstop:
 * no module of the server may keep mutable state at module level (a top-level `let`, a top-level
 * collection or object that is changed), except the few on ALLOWED, which say why they are safe.
 */

describe('the API suite on two instances', () => {
  const password = 'stateless-test-pass';
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
    await makeCast(t, password);
  });
  afterAll(() => t.close());

  it('builds TEST_INSTANCES apps, each with its own database pool and job runner', () => {
    expect(t.apps).toHaveLength(testInstances());
    expect(t.apps[0]).toBe(t.app);
    expect(new Set(t.apps.map((a) => a.deps.database)).size).toBe(t.apps.length);
    expect(new Set(t.apps.map((a) => a.deps.jobs)).size).toBe(t.apps.length);
  });

  it.skipIf(testInstances() < 2)(
    'sends requests to the instances in turn: a sign-in on one, the next call on the other',
    async () => {
      const injects = t.apps.map((a) => vi.spyOn(a, 'inject'));
      try {
        const token = await t.token('alice', password);
        const res = await t.request('GET', '/api/customer/alice', { token });
        expect(res.status).toBe(200);
        expect(injects.map((s) => s.mock.calls.length)).toEqual([1, 1]);
        await t.as('alice').get('/api/customer/alice');
        await t.as('alice').get('/api/customer/alice');
        expect(injects.map((s) => s.mock.calls.length)).toEqual([2, 2]);
      } finally {
        for (const s of injects) s.mockRestore();
      }
    },
  );

  it('drains every runner, and each job runs once', async () => {
    const ran: number[] = [];
    const probe = defineJob('stateless.probe', z.object({ i: z.number() }));
    for (const a of t.apps) a.deps.jobs.register(probe, async (_p, { jobId }) => void ran.push(jobId));
    for (let i = 0; i < 20; i++) await enqueue(t.db, probe, { i });
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(20);
    expect(ran).toHaveLength(20);
    expect(new Set(ran).size).toBe(20);
    expect(await t.drainJobs()).toBe(0);
  });
});

/**
 * Module-level state the server may keep, by `file:name` (relative to src/). Each is safe when
 * instances or processes differ in it; say why. An entry that no longer matches fails the test.
 */
const ALLOWED: Record<string, string> = {
  // Per-process caches of data that never changes once made: a process that has not made it yet
  // only pays the time to make it.
  'auth/passwords.ts:dummy': 'the hash checked for unknown accounts, made once',
  'auth/hash-threads.ts:resolved': "@node-rs/argon2's path, resolved once",
  'features/tools/lib/passwords.ts:wordList': 'the word list, read once from its package',
  'integrations/breach/builtin.ts:builtins': 'the built-in breached-password list, prepared once per size',
  // Libraries loaded on first use rather than at start-up (docs/performance.md, "Start-up under a
  // second"): the module, once imported.
  'auth/passkeys.ts:webauthnModules': '@simplewebauthn/server, imported once',
  'auth/staff-directory.ts:oidcModule': 'openid-client, imported once',
  'integrations/mailer.ts:nodemailerModule': 'nodemailer, imported once',
  // A bound on this process's own CPU (docs/decisions/044-password-hashing-queue.md): each process
  // limits its own hashing; no request reads back what another left in it.
  'auth/password-queue.ts:shared': "the process's password-hashing queue",
  // Keyed by a request: each request has its own entry, and the entry goes with it.
  'features/hosting/agent.ts:agents': "the agent's name on each of its requests",
  // Keyed by an app's outbox: each app's customer-mail settings, gone with its outbox.
  'lib/notify.ts:settingsOf': "each app's customer-mail settings (public URL, signing key)",
  // A global regular expression's lastIndex: reset, then used to the end, in one synchronous call.
  'integrations/registrar/xcp.ts:TOKEN': 'the tokenizer of OpenSRS answers',
};

const SRC = fileURLToPath(new URL('..', import.meta.url));

function serverFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(p);
    }
  };
  walk(SRC);
  // Test support lives in apps/server/test/; beside the code there are only its test files.
  return out.filter((p) => !p.endsWith('.test.ts'));
}

/** Methods that change the object they are called on (Map, Set, WeakMap, Array, Date). */
const MUTATORS = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);

interface Finding {
  name: string;
  line: number;
  why: string;
}

/**
 * Module-level mutable state, by module: every top-level `let` or `var`, every top-level `const`
 * whose value is changed in a function of the module (a mutating method called on it, a property
 * or element assigned, deleted or incremented, Object.assign into it; filling a table as the
 * module loads is not state), and every static class field that is not readonly. Names are
 * resolved by the checker, so a local of the same name is not taken for the module's.
 */
function moduleState(files: Record<string, string>): Record<string, Finding[]> {
  const sources = new Map(
    Object.entries(files).map(([name, text]) => [
      name,
      ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS),
    ]),
  );
  const host = ts.createCompilerHost({});
  const original = host.getSourceFile;
  host.getSourceFile = (f, ...rest) => sources.get(f) ?? original.call(host, f, ...rest);
  // One program for every module, without the standard library or imports: only the names each
  // module declares need resolving.
  const program = ts.createProgram({
    rootNames: [...sources.keys()],
    options: { noLib: true, noResolve: true, types: [], allowImportingTsExtensions: true, noEmit: true },
    host,
  });
  const checker = program.getTypeChecker();
  return Object.fromEntries([...sources].map(([name, source]) => [name, findState(checker, source)]));
}

function findState(checker: ts.TypeChecker, source: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  const lineOf = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;

  const topConsts = new Map<ts.Symbol, string>();
  for (const stmt of source.statements) {
    if (ts.isVariableStatement(stmt)) {
      const isConst = (stmt.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const d of stmt.declarationList.declarations) {
        for (const id of boundNames(d.name)) {
          if (!isConst) findings.push({ name: id.text, line: lineOf(id), why: 'top-level let' });
          else {
            const sym = checker.getSymbolAtLocation(id);
            if (sym) topConsts.set(sym, id.text);
          }
        }
      }
    }
    if (ts.isClassDeclaration(stmt)) {
      for (const m of stmt.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
        const isStatic = mods.some((x) => x.kind === ts.SyntaxKind.StaticKeyword);
        const isReadonly = mods.some((x) => x.kind === ts.SyntaxKind.ReadonlyKeyword);
        if (ts.isPropertyDeclaration(m) && isStatic && !isReadonly)
          findings.push({
            name: `${stmt.name?.text ?? 'class'}.${m.name.getText(source)}`,
            line: lineOf(m),
            why: 'static field',
          });
      }
    }
  }

  const flagged = new Set<ts.Symbol>();
  const mutated = (target: ts.Expression, why: string) => {
    // Statements outside any function run once, as the module loads: building a constant table.
    if (!ts.findAncestor(target, ts.isFunctionLike)) return;
    const root = rootIdentifier(target);
    if (!root) return;
    const sym = checker.getSymbolAtLocation(root);
    if (!sym || !topConsts.has(sym) || flagged.has(sym)) return;
    flagged.add(sym);
    findings.push({ name: root.text, line: lineOf(target), why });
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text))
        mutated(callee.expression, `changed by .${callee.name.text}()`);
      if (callee.getText(source) === 'Object.assign' && n.arguments[0])
        mutated(n.arguments[0], 'changed by Object.assign');
    }
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      n.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      (ts.isPropertyAccessExpression(n.left) || ts.isElementAccessExpression(n.left))
    )
      mutated(n.left.expression, 'a property assigned');
    if (
      (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
      (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken) &&
      (ts.isPropertyAccessExpression(n.operand) || ts.isElementAccessExpression(n.operand))
    )
      mutated(n.operand.expression, 'a property incremented');
    if (
      ts.isDeleteExpression(n) &&
      (ts.isPropertyAccessExpression(n.expression) || ts.isElementAccessExpression(n.expression))
    )
      mutated(n.expression.expression, 'a property deleted');
    ts.forEachChild(n, visit);
  };
  visit(source);
  return findings.sort((a, b) => a.line - b.line);
}

function boundNames(name: ts.BindingName): ts.Identifier[] {
  if (ts.isIdentifier(name)) return [name];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}

/** `x`, `x.a.b`, `x[0]`, `(x as T)!.a` → x; anything else (a call's result, `this`) → undefined. */
function rootIdentifier(e: ts.Expression): ts.Identifier | undefined {
  for (;;) {
    if (ts.isIdentifier(e)) return e;
    if (
      ts.isPropertyAccessExpression(e) ||
      ts.isElementAccessExpression(e) ||
      ts.isParenthesizedExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e)
    )
      e = e.expression;
    else return undefined;
  }
}

describe('module-level state (a static backstop: instances in one process share their modules)', () => {
  it('finds a top-level let, a changed top-level collection or object, and a static field', () => {
    const { 'plant.ts': found } = moduleState({
      'plant.ts': `
      let hits = 0;
      export let last: string | undefined;
      var legacy = 1;
      const { a, b: [c] } = { a: 1, b: [2] };
      const seen = new Map<string, number>();
      const names: string[] = [];
      const counts = { n: 0 };
      const flags: Record<string, boolean> = {};
      const sorted = [3, 1, 2];
      class Registry { static items = new Set<string>(); static readonly NAME = 'r'; }
      export function remember(k: string) {
        seen.set(k, 1);
        names.push(k);
        counts.n++;
        delete flags[k];
        sorted.sort();
      }
      `,
    });
    expect(must(found, 'found').map((f) => `${f.name}: ${f.why}`)).toEqual([
      'hits: top-level let',
      'last: top-level let',
      'legacy: top-level let',
      'Registry.items: static field',
      'seen: changed by .set()',
      'names: changed by .push()',
      'counts: a property incremented',
      'flags: a property deleted',
      'sorted: changed by .sort()',
    ]);
  });

  it('leaves constants, collections only read, and locals alone', () => {
    const { 'clean.ts': found } = moduleState({
      'clean.ts': `
      const RESERVED = new Set(['root', 'admin']);
      const TABLE = new Int8Array(128).fill(-1);
      for (let i = 0; i < 10; i++) TABLE[48 + i] = i;
      const LIMITS = { attempts: 5 } as const;
      const WORDS = ['a', 'b'];
      export function check(name: string) {
        let tries = 0;
        const local = new Map<string, number>();
        local.set(name, ++tries);
        const WORDS: string[] = [];
        WORDS.push(name);
        return RESERVED.has(name) && LIMITS.attempts > tries && local.size > 0;
      }
      export class Service { private cache = new Map<string, string>(); put(k: string) { this.cache.set(k, k); } }
      `,
    });
    expect(found).toEqual([]);
  });

  it('the server keeps no module-level mutable state but what ALLOWED names', () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(50);
    const state = moduleState(Object.fromEntries(files.map((f) => [f, readFileSync(f, 'utf8')])));
    const found: string[] = [];
    for (const [file, findings] of Object.entries(state)) {
      const rel = relative(SRC, file).split('\\').join('/');
      for (const f of findings) found.push(`${rel}:${f.name} (line ${f.line}, ${f.why})`);
    }
    const key = (s: string) => s.slice(0, s.indexOf(' ('));
    expect(found.filter((f) => !(key(f) in ALLOWED))).toEqual([]);
    // The list stays true: an entry whose state is gone is taken off.
    expect(Object.keys(ALLOWED).filter((k) => !found.some((f) => key(f) === k))).toEqual([]);
  });
});
