import { must } from '../../test/support/must.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../test/support/helper.ts';
import { JOBS } from '../workers.ts';

/**
 * The shipped Prometheus alert rules (deploy/prometheus/portal-alerts.yml): valid YAML of the
 * rule-file shape, every metric they name exported by the portal, every job kind they name a
 * real one, and every alert explained in docs/operations.md.
 */
const ROOT = new URL('../../../../', import.meta.url);
const RULES = fileURLToPath(new URL('deploy/prometheus/portal-alerts.yml', ROOT));
const OPERATIONS = readFileSync(fileURLToPath(new URL('docs/operations.md', ROOT)), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string };
}

describe('deploy/prometheus/portal-alerts.yml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
  });
  afterAll(() => t.close());

  const rules = (): Rule[] => {
    const doc = load(readFileSync(RULES, 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
    expect(Object.keys(doc)).toEqual(['groups']);
    return doc.groups.flatMap((g) => g.rules);
  };

  it('is a rule file: each alert named once, with an expression, a severity and a summary', () => {
    const all = rules();
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((r) => r.alert)).size).toBe(all.length);
    for (const r of all) {
      expect(r.alert).toMatch(/^Portal[A-Za-z]+$/);
      expect(typeof r.expr).toBe('string');
      expect(['critical', 'warning']).toContain(r.labels.severity);
      expect(r.annotations.summary.length).toBeGreaterThan(10);
      if (r.for !== undefined) expect(r.for).toMatch(/^\d+[smh]$/);
      // Balanced brackets: a cheap guard against a broken expression where promtool is absent.
      for (const [open, close] of [
        ['(', ')'],
        ['{', '}'],
        ['[', ']'],
      ] as const)
        expect(r.expr.split(open).length, `${r.alert}: ${open}${close}`).toBe(r.expr.split(close).length);
    }
  });

  it('names only metrics the portal exports and job kinds it has', async () => {
    const exported = new Set(
      (await t.app.deps.metrics.registry.getMetricsAsJSON()).map((m) => m.name as string),
    );
    const kinds = new Set<string>(JOBS.map((j) => j.kind));
    for (const r of rules()) {
      for (const [name] of r.expr.matchAll(/portal_[a-z_]+/g))
        expect(exported, `${r.alert}: ${name}`).toContain(name.replace(/_(bucket|count|sum)$/, ''));
      for (const [, list] of r.expr.matchAll(/kind=~"([^"]+)"/g))
        for (const kind of must(list, 'list').split('|'))
          expect(kinds, `${r.alert}: ${kind}`).toContain(kind.replace(/\\\\/g, ''));
    }
  });

  it('each alert is explained in docs/operations.md', () => {
    for (const r of rules()) expect(OPERATIONS, r.alert).toContain(`\`${r.alert}\``);
  });
});
