import { must } from '@portal/contract/must';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PASSWORD_COUNT_DEFAULT, PASSWORD_COUNT_MAX, ToolText } from '@portal/contract/tools/messages';
import { fail, ok, type ToolResult } from './result.ts';

/**
 * The password generator (/generate-passwords). All randomness comes from crypto.randomInt.
 *
 * Count: empty means PASSWORD_COUNT_DEFAULT (8); a whole number (a number or its text) from 1;
 * above PASSWORD_COUNT_MAX (28) it is clamped to 28 and the message says so; anything else
 * (not a whole number, below 1) is an error. The success message names the count and kind.
 *
 * Kinds
 *  - word-based: four words of the EFF long word list (7,776 words), capitalised and joined
 *    with "-", e.g. "Tidy-Oxidize-Unbent-Swore" (≈ 51.7 bits); with numbers a digit 2–9 is added
 *    after one of the words, e.g. "Tidy-Oxidize7-Unbent-Swore".
 *  - mixed: 14–16 characters of upper and lower case letters, digits and symbols, at least one of
 *    each, without look-alikes (0 O o, 1 l I, quotes, backslash, brackets) (≈ 85–97 bits).
 *  - soft: six consonant-vowel syllables, the first letter capitalised, then two digits, e.g.
 *    "Tavirodekumo47" (≈ 43 bits; easy to say and type).
 */
export const MIXED_UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const MIXED_LOWER = 'abcdefghijkmnpqrstuvwxyz';
export const MIXED_DIGITS = '23456789';
export const MIXED_SYMBOLS = '!#$%&*+-=?@^_~';
const MIXED_ALL = MIXED_UPPER + MIXED_LOWER + MIXED_DIGITS + MIXED_SYMBOLS;
const SOFT_CONSONANTS = 'bdfghjkmnprstvz';
const SOFT_VOWELS = 'aeiou';
const DIGITS = '23456789';
export const WORDS_PER_PASSWORD = 4;
export const SOFT_SYLLABLES = 6;

let wordList: readonly string[] | null = null;

/** The EFF long word list, vendored in apps/server/vendor/eff-large-wordlist/ (`dice<TAB>word` lines). */
export const EFF_WORDS_FILE = new URL(
  '../../../../vendor/eff-large-wordlist/eff_large_wordlist.txt',
  import.meta.url,
);

export function effWords(): readonly string[] {
  if (!wordList) {
    const lines = readFileSync(EFF_WORDS_FILE, 'utf8').trimEnd().split('\n');
    const words = lines.flatMap((line) => {
      const [, word] = line.split('\t');
      return word !== undefined && /^[a-z-]+$/.test(word) ? [word] : [];
    });
    if (words.length !== 7776 || lines.length !== 7776) {
      throw new Error(`${EFF_WORDS_FILE.pathname} is not the EFF long list of 7,776 words`);
    }
    wordList = Object.freeze(words);
  }
  return wordList;
}

export interface PasswordCount {
  count: number;
  /** Set when the request was above the maximum. */
  clampedFrom?: string;
}

export function parseCount(input: unknown, t: typeof ToolText = ToolText): ToolResult<PasswordCount> {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    return ok({ count: PASSWORD_COUNT_DEFAULT });
  }
  let n: number;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isInteger(input)) return fail(t.countNotNumber);
    n = input;
    text = String(input);
  } else if (typeof input === 'string' && /^[+-]?\d+$/.test(input.trim())) {
    text = input.trim();
    n = Number(text);
  } else return fail(t.countNotNumber);
  if (n < 1) return fail(t.countTooSmall);
  if (n > PASSWORD_COUNT_MAX) return ok({ count: PASSWORD_COUNT_MAX, clampedFrom: text.replace(/^\+/, '') });
  return ok({ count: n });
}

const pick = (chars: string) => chars.charAt(randomInt(chars.length));
const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function generate(
  input: unknown,
  kind: 'kindWord' | 'kindMixed' | 'kindSoft',
  make: () => string,
  t: typeof ToolText,
): ToolResult<string[]> {
  const parsed = parseCount(input, t);
  if (!parsed.ok) return parsed;
  const { count, clampedFrom } = parsed.value;
  const passwords = Array.from({ length: count }, make);
  return ok(passwords, clampedFrom ? t.clamped(clampedFrom) : t.generated(count, t[kind]));
}

export function wordPassword(useNumbers: boolean): string {
  const words = effWords();
  const numbered = useNumbers ? randomInt(WORDS_PER_PASSWORD) : -1;
  const parts = Array.from(
    { length: WORDS_PER_PASSWORD },
    (_, i) =>
      capitalise(must(words[randomInt(words.length)], 'a word of the list')) +
      (i === numbered ? pick(DIGITS) : ''),
  );
  return parts.join('-');
}

export function mixedPassword(): string {
  for (;;) {
    const length = randomInt(14, 17);
    let pw = '';
    for (let i = 0; i < length; i++) pw += pick(MIXED_ALL);
    // rejection sampling keeps the choice uniform among passwords that have every class
    if (
      [MIXED_UPPER, MIXED_LOWER, MIXED_DIGITS, MIXED_SYMBOLS].every((set) =>
        [...pw].some((c) => set.includes(c)),
      )
    )
      return pw;
  }
}

export function softPassword(): string {
  let pw = '';
  for (let i = 0; i < SOFT_SYLLABLES; i++) pw += pick(SOFT_CONSONANTS) + pick(SOFT_VOWELS);
  return capitalise(pw) + pick(DIGITS) + pick(DIGITS);
}

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** GET /api/genwordpass/{count}/{use_numbers 0 or 1} */
export function genWordPasswords(
  count: unknown,
  useNumbers: unknown,
  t: typeof ToolText = ToolText,
): ToolResult<string[]> {
  const withNumbers = truthy(useNumbers);
  return generate(count, 'kindWord', () => wordPassword(withNumbers), t);
}

/** GET /api/genpass/{count} */
export function genMixedPasswords(count: unknown, t: typeof ToolText = ToolText): ToolResult<string[]> {
  return generate(count, 'kindMixed', mixedPassword, t);
}

/** GET /api/gensoftpass/{count} */
export function genSoftPasswords(count: unknown, t: typeof ToolText = ToolText): ToolResult<string[]> {
  return generate(count, 'kindSoft', softPassword, t);
}
