import { compareHash, outside, RECORD_SIZE } from './format.ts';

/** `a[i]` for an `i` inside `a`, or a RangeError (module-local: see `u8` in format.ts). */
function u8(a: Uint8Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

/** `a[i]` for an `i` inside `a`, or a RangeError (module-local: see `u8` in format.ts). */
function u32(a: Uint32Array, i: number): number {
  const v = a[i];
  return v === undefined ? outside(a, i) : v;
}

/** Sorts keys[lo..hi) ascending, moving vals along (quicksort, insertion sort for short ranges). */
function sortPairs(keys: Uint32Array, vals: Uint32Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    // median of three as pivot
    const a = u32(keys, lo);
    const b = u32(keys, mid);
    const c = u32(keys, hi - 1);
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = lo;
    let j = hi - 1;
    while (i <= j) {
      while (u32(keys, i) < pivot) i++;
      while (u32(keys, j) > pivot) j--;
      if (i <= j) {
        const k = u32(keys, i);
        keys[i] = u32(keys, j);
        keys[j] = k;
        const v = u32(vals, i);
        vals[i] = u32(vals, j);
        vals[j] = v;
        i++;
        j--;
      }
    }
    // recurse into the smaller part, loop on the larger
    if (j - lo < hi - i) {
      sortPairs(keys, vals, lo, j + 1);
      lo = i;
    } else {
      sortPairs(keys, vals, i, hi);
      hi = j + 1;
    }
  }
  for (let x = lo + 1; x < hi; x++) {
    const k = u32(keys, x);
    const v = u32(vals, x);
    let y = x - 1;
    while (y >= lo && u32(keys, y) > k) {
      keys[y + 1] = u32(keys, y);
      vals[y + 1] = u32(vals, y);
      y--;
    }
    keys[y + 1] = k;
    vals[y + 1] = v;
  }
}

/**
 * Sorts `n` 24-byte records held in `buf` by hash and returns their order as record numbers
 * (the records themselves are not moved, so sorting needs 8 bytes per record besides the data).
 *
 * A counting sort on the first 16 bits of the hash puts every record in its bucket (SHA-1
 * digests are uniform, so a bucket holds about n / 65536 records). Each bucket is then sorted
 * on the next 32 bits; records whose first 48 bits tie are put in order by a full comparison.
 */
export function sortRecords(buf: Buffer, n: number): Uint32Array {
  const order = new Uint32Array(n);
  if (n === 0) return order;
  const starts = new Uint32Array(65_537);
  for (let i = 0, off = 0; i < n; i++, off += RECORD_SIZE) {
    const next = ((u8(buf, off) << 8) | u8(buf, off + 1)) + 1;
    starts[next] = u32(starts, next) + 1;
  }
  let largest = 0;
  for (let b = 1; b <= 65_536; b++) {
    const count = u32(starts, b);
    largest = Math.max(largest, count);
    starts[b] = count + u32(starts, b - 1);
  }
  const fill = starts.slice(0, 65_536);
  // secondary key: hash bytes 2..5, read in one sequential pass
  const second = new Uint32Array(n);
  for (let i = 0, off = 0; i < n; i++, off += RECORD_SIZE) {
    const bucket = (u8(buf, off) << 8) | u8(buf, off + 1);
    const at = u32(fill, bucket);
    order[at] = i;
    fill[bucket] = at + 1;
    second[i] =
      ((u8(buf, off + 2) << 24) | (u8(buf, off + 3) << 16) | (u8(buf, off + 4) << 8) | u8(buf, off + 5)) >>>
      0;
  }

  const keys = new Uint32Array(largest);
  const full = (a: number, b: number) => compareHash(buf, a * RECORD_SIZE, buf, b * RECORD_SIZE);
  for (let b = 0; b < 65_536; b++) {
    const lo = u32(starts, b);
    const hi = u32(starts, b + 1);
    const len = hi - lo;
    if (len < 2) continue;
    const members = order.subarray(lo, hi);
    for (let j = 0; j < len; j++) keys[j] = u32(second, u32(members, j));
    sortPairs(keys, members, 0, len);
    // equal 48-bit prefixes: insertion sort on the full hash
    for (let j = 1; j < len; j++) {
      if (u32(keys, j) !== u32(keys, j - 1)) continue;
      let end = j + 1;
      while (end < len && u32(keys, end) === u32(keys, j)) end++;
      const start = j - 1;
      for (let x = start + 1; x < end; x++) {
        const v = u32(members, x);
        let y = x - 1;
        while (y >= start && full(u32(members, y), v) > 0) {
          members[y + 1] = u32(members, y);
          y--;
        }
        members[y + 1] = v;
      }
      j = end - 1;
    }
  }
  return order;
}
