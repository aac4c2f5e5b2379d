import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A screen shows a failed call one way (docs/decisions/047-one-way-to-show-a-failure.md):
 * - it switches on the envelope's `code`, never on the HTTP status (`httpStatus` is read nowhere in
 *   features/);
 * - a failed query's pop-up is the query's `meta: { failure }`, shown by the query client
 *   (app/query-client.ts), never an effect that watches the query's error and opens one;
 * - a failed mutation's pop-up goes through `useShowFailure` (app/status.ts), which puts field
 *   errors beside their fields once: an `onError` that opens a pop-up itself (`showStatus`) is a
 *   second way, and none is left.
 */
const FEATURES = fileURLToPath(new URL('../features', import.meta.url));

/** The names of the functions a piece of code calls (`a.b(…)` counts as `b`). */
function calledNames(node: ts.Node): string[] {
  const names: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isIdentifier(callee)) names.push(callee.text);
      else if (ts.isPropertyAccessExpression(callee)) names.push(callee.name.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** Whether code reads a query's failure: `x.error` or `x.isError`. */
function readsError(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (ts.isPropertyAccessExpression(n) && (n.name.text === 'error' || n.name.text === 'isError'))
      found = true;
    if (!found) ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

export interface FailurePaths {
  /** Places that read `.httpStatus`. */
  httpStatus: number;
  /** `onError` handlers of mutations that open a pop-up themselves (call `showStatus`). */
  handMadePopups: number;
  /** Effects that watch a query's error and open a pop-up. */
  effectPopups: number;
}

export function failurePaths(source: string, fileName = 'x.tsx'): FailurePaths {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: FailurePaths = { httpStatus: 0, handMadePopups: 0, effectPopups: 0 };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'httpStatus') found.httpStatus++;
    if (ts.isIdentifier(node) && node.text === 'httpStatus' && ts.isBindingElement(node.parent))
      found.httpStatus++;
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(file) === 'onError' &&
      calledNames(node.initializer).includes('showStatus')
    )
      found.handMadePopups++;
    const callee = ts.isCallExpression(node) ? node.expression : undefined;
    const isEffect =
      callee &&
      ((ts.isIdentifier(callee) && callee.text === 'useEffect') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'useEffect'));
    if (isEffect && ts.isCallExpression(node)) {
      const effect = node.arguments[0];
      if (effect && readsError(effect) && calledNames(effect).includes('showStatus')) found.effectPopups++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('one way to show a failure', () => {
  it('finds httpStatus reads, pop-ups opened in onError, and effects that pop up a query error', () => {
    expect(
      failurePaths(`
        if (err.httpStatus === 500) f();
        const { httpStatus } = err;
        const a = useAdd({ onError: (err) => showStatus({ title: 'x', body: failureText(err) }) });
        const b = useAdd({ onError: (err) => showFailure(err, { title: 'x' }) });
        useEffect(() => { if (q.error) showStatus({ title: 'y' }); }, [q.error]);
        useEffect(() => { if (q.error) navigate('/back'); }, [q.error]);
        useEffect(() => { if (done) showStatus({ title: 'z' }); }, [done]);
        const q2 = useQuery({ ...x, meta: { failure: (err) => ({ title: 'w', body: failureText(err) }) } });
      `),
    ).toEqual({ httpStatus: 2, handMadePopups: 1, effectPopups: 1 });
  });

  it('no screen reads httpStatus, pops up a query error from an effect, or opens a mutation’s pop-up by hand', () => {
    const httpStatus: string[] = [];
    const effectPopups: string[] = [];
    const handMadePopups: string[] = [];
    for (const path of sourceFiles(FEATURES).sort()) {
      const f = relative(FEATURES, path);
      const found = failurePaths(readFileSync(path, 'utf8'), f);
      if (found.httpStatus) httpStatus.push(f);
      if (found.effectPopups) effectPopups.push(f);
      if (found.handMadePopups) handMadePopups.push(f);
    }
    expect(
      { httpStatus, effectPopups, handMadePopups },
      "switch on err.code; give a query meta.failure; show a mutation's failure with useShowFailure",
    ).toEqual({ httpStatus: [], effectPopups: [], handMadePopups: [] });
  });
});
