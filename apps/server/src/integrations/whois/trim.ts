/**
 * Whois answers are plain text in no fixed format. `normalizeWhoisText` makes any answer safe
 * to show (LF line ends, no control characters); `trimWhois` also removes the legal
 * boilerplate registries append, comment lines and runs of blank lines.
 */

/** A line matching one of these starts the trailing boilerplate: it and everything after go. */
export const BOILERPLATE_MARKERS: readonly RegExp[] = [
  /^>>>\s*Last update of (?:the )?whois database/i,
  /^NOTICE:/i,
  /^TERMS OF USE:/i,
  /^For more information on Whois status codes/i,
  /^This WHOIS information is provided/i,
  /^The Data in .{0,80} WHOIS database is provided/i,
];

/** Comment lines (RIPE-style "%", ARIN-style "#"): notices, never record data. */
const COMMENT = /^\s*[%#]/;

export function normalizeWhoisText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // C0 controls (except tab and newline), DEL and C1 controls: nothing a reader needs.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

export function trimWhois(text: string): string {
  const lines = normalizeWhoisText(text).split('\n');
  const cut = lines.findIndex((line) => BOILERPLATE_MARKERS.some((re) => re.test(line.trimStart())));
  const kept = (cut < 0 ? lines : lines.slice(0, cut)).filter((line) => !COMMENT.test(line));
  const out = collapseBlankLines(kept);
  // An answer that is all notice (e.g. a rate-limit message) is better shown than dropped.
  return out === '' ? collapseBlankLines(lines) : out;
}

function collapseBlankLines(lines: string[]): string {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
