import { Parser } from 'htmlparser2';

/**
 * An invoice's markup (the back office's HTML, shown sanitised on the invoice screen) read as the
 * blocks a PDF lays out: headings, paragraphs and table rows, in order, text only. Scripts, styles
 * and every attribute are dropped; nothing of the markup is run or fetched.
 */
export type MarkupBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; bold: boolean }
  | { kind: 'row'; cells: string[]; header: boolean };

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BREAKS = new Set(['p', 'div', 'li', 'ul', 'ol', 'table', 'section', 'header', 'footer', 'br', 'hr']);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template', 'noscript']);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function markupBlocks(html: string): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let text = '';
  let bold = 0;
  let boldText = true;
  let heading = false;
  let skipping = 0;
  let row: { cells: string[]; header: boolean } | null = null;
  let cell: string | null = null;

  const flush = () => {
    const t = squash(text);
    if (t) blocks.push(heading ? { kind: 'heading', text: t } : { kind: 'text', text: t, bold: boldText });
    text = '';
    boldText = true;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        if (skipping) return;
        if (name === 'tr') {
          flush();
          row = { cells: [], header: false };
        } else if ((name === 'td' || name === 'th') && row) {
          cell = '';
          if (name === 'th') row.header = true;
        } else if (HEADINGS.has(name)) {
          flush();
          heading = true;
        } else if (BREAKS.has(name) && cell === null) flush();
        if (name === 'b' || name === 'strong') bold++;
      },
      ontext(data) {
        if (skipping) return;
        if (cell !== null) cell += data;
        else if (row === null || data.trim() === '') {
          if (data.trim() !== '' && bold === 0) boldText = false;
          text += data;
        }
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) {
          skipping = Math.max(skipping - 1, 0);
          return;
        }
        if (skipping) return;
        if (name === 'b' || name === 'strong') bold = Math.max(bold - 1, 0);
        if ((name === 'td' || name === 'th') && row && cell !== null) {
          row.cells.push(squash(cell));
          cell = null;
        } else if (name === 'tr' && row) {
          const done: { cells: string[]; header: boolean } = row;
          if (done.cells.some((c) => c !== '')) blocks.push({ kind: 'row', ...done });
          row = null;
        } else if (HEADINGS.has(name)) {
          flush();
          heading = false;
        } else if (BREAKS.has(name) && cell === null) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
