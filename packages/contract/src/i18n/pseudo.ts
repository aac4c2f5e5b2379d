/**
 * The pseudo-locale (docs/decisions/118-pseudo-locale.md): every English text accented, about 30 %
 * longer and between ⟦ ⟧ marks, made at run time from the English catalogue itself. A browser test
 * shows the portal in it to find texts that do not come from a catalogue (they stay plain English)
 * and boxes too narrow for a longer language. Never a language of the portal: not in `LANGUAGES`,
 * never offered, never stored for an account.
 */

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i] as string,
  ]),
);

/** `{name}` places (apps/web/src/features/domains/fill.tsx fills them) stay as they are. */
const PLACE = /\{[A-Za-z0-9_]+\}/g;

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
}

/** `text` accented outside its `{places}` and outside the `kept` parts (a text's values). */
function accentOutside(text: string, kept: readonly string[]): string {
  const ranges: Array<[number, number]> = [];
  for (const m of text.matchAll(PLACE)) ranges.push([m.index, m.index + m[0].length]);
  for (const part of kept) {
    if (part === '') continue;
    for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length))
      ranges.push([at, at + part.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  for (const [start, end] of ranges) {
    if (end <= from) continue;
    out += accent(text.slice(from, Math.max(from, start))) + text.slice(Math.max(from, start), end);
    from = end;
  }
  return out + accent(text.slice(from));
}

/**
 * One text in the pseudo-locale: accented (its values and `{places}` kept), padded with `·` groups
 * to about 130 % of its length (longer languages run that much longer than English), marked.
 * An empty or blank text stays as it is: it shows nothing to translate.
 */
export function pseudoText(text: string, kept: readonly string[] = []): string {
  if (text.trim() === '') return text;
  const extra = Math.ceil(text.length * 0.3);
  const padding = Array.from({ length: Math.ceil(extra / 5) }, (_, i) =>
    '·'.repeat(Math.min(5, extra - i * 5)),
  ).join(' ');
  return `${PSEUDO_OPEN}${accentOutside(text, kept)} ${padding}${PSEUDO_CLOSE}`;
}

const made = new WeakMap<object, object>();

/**
 * The catalogue `english` in the pseudo-locale, made once per catalogue: the same keys, each text
 * through `pseudoText`, each function's answer too with its string arguments kept (they are data:
 * a domain, an account name), each group of texts the same way.
 */
export function pseudoCatalogue<T extends object>(english: T): T {
  const done = made.get(english);
  if (done) return done as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(english)) out[key] = pseudoValue(value);
  made.set(english, out);
  return out as T;
}

function pseudoValue(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value);
  if (typeof value === 'function')
    return (...args: unknown[]) => {
      const answer = value(...args);
      if (typeof answer !== 'string') return answer;
      return pseudoText(
        answer,
        args.filter((a): a is string => typeof a === 'string'),
      );
    };
  if (Array.isArray(value)) return value.map(pseudoValue);
  if (typeof value === 'object' && value !== null) return pseudoCatalogue(value);
  return value;
}
