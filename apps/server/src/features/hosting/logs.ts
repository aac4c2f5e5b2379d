import { must } from '@portal/contract/must';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { LOG_BATCH, type LogEntry } from '@portal/contract/hosting/calls';
import type { Db } from '../../db/index.ts';
import { insertLogLines, logLinesAfter, newestLogId, newestLogLines } from './repository.ts';

/**
 * Error-log rows. Every query is a range scan of the (vid, id) index (hosting/repository.ts), so
 * a poll or a page costs the same with ten rows or ten million, and the download walks the log by
 * keyset, never holding more than one batch.
 */

/** A log line is stored as sent, without its line break, cut at this length. */
export const MAX_LINE = 8192;
/** Rows per query of the download stream and per insert of the ingest. */
export const STREAM_BATCH = 5000;

/** The newest rows (first call) or the rows newer than `lastId` (polls), newest first. */
export async function readLogs(
  db: Db,
  vid: number,
  lastId: number,
): Promise<{ logs: LogEntry[]; lastId: number }> {
  const logs =
    lastId > 0
      ? // Oldest of the newer rows first, so a burst larger than a batch is caught up over the next polls.
        (await logLinesAfter(db, vid, lastId, LOG_BATCH)).reverse()
      : await newestLogLines(db, vid, LOG_BATCH);
  return { logs, lastId: logs[0]?.id ?? lastId };
}

/** The download's file name: the site's name, safe in a Content-Disposition header and on any disk. */
export const logFileName = (virtname: string) => `${virtname.replace(/[^A-Za-z0-9._-]/g, '_')}-error-log.txt`;

/** The whole log of a site as text lines, oldest first, read in keyset batches up to the newest row at the start. */
export async function* logText(db: Db, vid: number): AsyncGenerator<string> {
  const last = await newestLogId(db, vid);
  if (last === null) return;
  let after = 0;
  for (;;) {
    const rows = await logLinesAfter(db, vid, after, STREAM_BATCH, last);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) chunk += `${r.msg}\n`;
    yield chunk;
    after = must(rows.at(-1), 'the last row of a batch').id;
  }
}

/**
 * The download stream of a site's log, holding one batch (~2 MB) ahead at most while a slow
 * client catches up; the response's back-pressure paces the queries.
 */
export function logDownload(db: Db, vid: number): Readable {
  return Readable.from(logText(db, vid), { highWaterMark: 1 });
}

/** Cleans one line for storage: no line breaks or NUL bytes, at most MAX_LINE characters. */
export function cleanLine(line: string): string {
  // NUL cannot be stored in a text column; a line break would split the line in the download.
  return line
    .replaceAll(String.fromCharCode(0), ' ')
    .replace(/[\r\n]+/g, ' ')
    .trimEnd()
    .slice(0, MAX_LINE);
}

/** Appends lines to a site's log; blank lines are skipped. Returns how many were stored and the last id. */
export async function appendLogs(
  db: Db,
  vid: number,
  lines: string[],
): Promise<{ inserted: number; lastId: number }> {
  const msgs = lines.map(cleanLine).filter((msg) => msg !== '');
  let lastId = 0;
  for (let i = 0; i < msgs.length; i += STREAM_BATCH) {
    const ids = await insertLogLines(db, vid, msgs.slice(i, i + STREAM_BATCH));
    for (const id of ids) lastId = Math.max(lastId, id);
  }
  return { inserted: msgs.length, lastId };
}

/** Reads lines from a stream (a file or standard input) and appends them in batches. */
export async function ingestStream(db: Db, vid: number, input: Readable): Promise<number> {
  let batch: string[] = [];
  let total = 0;
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    batch.push(line);
    if (batch.length >= STREAM_BATCH) {
      total += (await appendLogs(db, vid, batch)).inserted;
      batch = [];
    }
  }
  if (batch.length) total += (await appendLogs(db, vid, batch)).inserted;
  return total;
}
