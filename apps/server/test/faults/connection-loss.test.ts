import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseDown } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { pgBin } from './postgres.ts';
import { must } from '../support/must.ts';

/**
 * Connections lost under the portal's feet: what the error handler calls "the database is down",
 * and what the pool does when PostgreSQL ends a connection that a request has checked out (the
 * failure modes of a restart, reproduced one connection at a time with pg_terminate_backend).
 */

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseDown: the errors the API answers 503 for', () => {
  it('recognises connection errors, also wrapped by drizzle', () => {
    for (const e of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('ECONNRESET'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is shutting down'),
      pgError('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
    ]) {
      expect(isDatabaseDown(e)).toBe(true);
      expect(isDatabaseDown(new DrizzleQueryError('select 1', [], e))).toBe(true);
    }
  });

  it('does not take other errors for an outage', () => {
    for (const e of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('40001', 'could not serialize access'),
      new Error('boom'),
      null,
      undefined,
      'text',
    ]) {
      expect(isDatabaseDown(e)).toBe(false);
    }
    expect(isDatabaseDown(new DrizzleQueryError('select 1', [], pgError('22P02')))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgBin())('a connection lost while checked out', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `fault_${randomBytes(6).toString('hex')}`;
  let database: Database;
  const admin = new pg.Client({ connectionString: adminUrl });
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const pidOf = async (db: Database['db']) =>
    must(rows<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0], 'the value').pid;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    // One connection in the pool: a single leaked client would leave every later query waiting.
    database = await openDatabase({ url: u.toString(), poolMax: 1 });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 60_000);

  it('fails the transaction as "database down" and frees the connection (no crash, no leak)', async () => {
    const { db } = database;
    for (let i = 0; i < 5; i++) {
      const err = await db
        .transaction(async (tx) => {
          const pid = await pidOf(tx as never);
          await admin.query('select pg_terminate_backend($1)', [pid]);
          // The server has ended this connection while the transaction holds it.
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeDefined();
      expect(isDatabaseDown(err)).toBe(true);
    }
    // The pool (of one) still serves.
    expect(must(rows<{ one: number }>(await db.execute(sql`select 1 as one`))[0], 'the value').one).toBe(1);
  });

  it('frees a connection whose BEGIN failed because the server had just ended it', async () => {
    const { db } = database;
    const psql = join(must(pgBin(), 'the PostgreSQL programs'), 'psql');
    const url = new URL(adminUrl);
    let failedBegins = 0;
    for (let i = 0; i < 5; i++) {
      const pid = await pidOf(db); // the pool's one idle connection
      // Terminated synchronously: the portal's event loop has not yet seen the connection end
      // when the next transaction takes the idle client and sends BEGIN on it.
      execFileSync(
        psql,
        ['-h', url.hostname, '-p', url.port, '-U', 'postgres', '-Atc', `select pg_terminate_backend(${pid})`],
        {
          stdio: 'ignore',
        },
      );
      const err = await db
        .transaction(async (tx) => tx.execute(sql`select 1`))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      if (err) {
        failedBegins++;
        expect(isDatabaseDown(err)).toBe(true);
      }
      // Without the fix, a client whose BEGIN failed is never released, and this waits forever.
      expect(must(rows<{ one: number }>(await db.execute(sql`select 1 as one`))[0], 'the value').one).toBe(1);
    }
    console.log(
      `[faults] connection ended before BEGIN: ${failedBegins} of 5 transactions failed as "database down"; pool of 1 still served after each`,
    );
  });
});
