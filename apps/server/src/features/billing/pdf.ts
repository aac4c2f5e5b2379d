import type { MarkupBlock } from './invoice-markup.ts';

/**
 * Lays out a paper (an invoice or a receipt) as a PDF with pdf-lib, loaded on the first paper made:
 * a start of the server never pays for it (docs/decisions/056-papers-as-pdf.md). US Letter, the
 * standard Helvetica fonts (nothing embedded but the ISP's logo), several pages when the lines need them.
 */

/** Who issues the papers: PORTAL_ISP_NAME, PORTAL_ISP_ADDRESS (lines split by `;`), PORTAL_ISP_LOGO's bytes. */
export interface Issuer {
  name: string;
  address: string[];
  logo: { type: 'png' | 'jpeg'; bytes: Uint8Array } | null;
}

/** A paper's content, in the order it is printed. */
export interface Paper {
  /** The document's title, printed at the top right and kept in its properties. */
  title: string;
  /** Short facts under the title (account, dates, status). */
  facts: string[];
  /** The body: the invoice's markup as blocks, or a receipt's lines. */
  blocks: MarkupBlock[];
  /** Totals after the body, printed bold and aligned right. */
  totals: string[];
  /** A closing line (a receipt's thanks). */
  footer?: string;
}

// The standard fonts speak WinAnsi: the characters it has beyond Latin-1's.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can print: other characters lose their accents, or become '?'. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else if (ch === '\t' || ch === '\n' || ch === '\r') out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

const PAGE = { width: 612, height: 792, margin: 54 };

export async function renderPaper(issuer: Issuer, paper: Paper): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(printable(`${paper.title} - ${issuer.name}`));
  doc.setAuthor(printable(issuer.name));
  doc.setCreator('Members Portal');
  doc.setProducer('Members Portal');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const grey = rgb(0.4, 0.4, 0.45);
  const rule = rgb(0.8, 0.8, 0.82);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const room = (needed: number) => {
    if (y - needed >= PAGE.margin) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  type Font = typeof regular;
  const widthOf = (text: string, font: Font, size: number) => font.widthOfTextAtSize(text, size);
  /** Splits `text` into lines no wider than `max`. */
  const wrap = (text: string, font: Font, size: number, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of printable(text).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (widthOf(next, font, size) <= max || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    // A word longer than the line is cut where it must be.
    return lines.flatMap((l) => {
      const parts: string[] = [];
      let rest = l;
      while (widthOf(rest, font, size) > max && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && widthOf(rest.slice(0, n), font, size) > max) n--;
        parts.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      return [...parts, rest];
    });
  };
  const write = (text: string, x: number, size: number, font: Font, color = ink) =>
    page.drawText(text, { x, y, size, font, color });
  const paragraph = (text: string, size: number, font: Font, color = ink, x = left, max = width) => {
    for (const line of wrap(text, font, size, max)) {
      room(size * 1.4);
      y -= size * 1.2;
      write(line, x, size, font, color);
      y -= size * 0.2;
    }
  };
  const hr = () => {
    room(12);
    y -= 6;
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: rule });
    y -= 6;
  };

  // The letterhead: the logo (at most 160 × 56 points), the ISP's name and address; the title at the right.
  const top = y;
  if (issuer.logo) {
    const image =
      issuer.logo.type === 'png'
        ? await doc.embedPng(issuer.logo.bytes)
        : await doc.embedJpg(issuer.logo.bytes);
    const scale = Math.min(160 / image.width, 56 / image.height, 1);
    const h = image.height * scale;
    page.drawImage(image, { x: left, y: y - h, width: image.width * scale, height: h });
    y -= h + 8;
  }
  paragraph(issuer.name, 15, bold, ink, left, width * 0.55);
  for (const line of issuer.address) paragraph(line, 9.5, regular, grey, left, width * 0.55);
  const afterLetterhead = y;
  y = top;
  const title = printable(paper.title);
  const titleSize = 18;
  y -= titleSize;
  write(title, right - widthOf(title, bold, titleSize), titleSize, bold);
  y -= 6;
  for (const fact of paper.facts) {
    const lines = wrap(fact, regular, 10, width * 0.5);
    for (const line of lines) {
      y -= 13;
      write(line, right - widthOf(line, regular, 10), 10, regular);
    }
  }
  y = Math.min(y, afterLetterhead) - 10;
  hr();

  let afterRow = false;
  for (const block of paper.blocks) {
    // A little air between a table and what follows it.
    if (afterRow && block.kind !== 'row') y -= 8;
    afterRow = block.kind === 'row';
    if (block.kind === 'heading') {
      y -= 6;
      paragraph(block.text, 13, bold);
      y -= 2;
    } else if (block.kind === 'text') {
      paragraph(block.text, 10.5, block.bold ? bold : regular);
      y -= 3;
    } else {
      // A table row: the first cell takes the left of the line, the others share the rest, right-aligned.
      const font = block.header ? bold : regular;
      const size = 10.5;
      const [first = '', ...others] = block.cells;
      const firstWidth = others.length ? width * 0.6 : width;
      const otherWidth = others.length ? (width - firstWidth) / others.length : 0;
      const firstLines = wrap(first, font, size, firstWidth - 8);
      const otherLines = others.map((c) => wrap(c, font, size, otherWidth - 4));
      const height = Math.max(firstLines.length, ...otherLines.map((l) => l.length), 1);
      room(height * size * 1.4 + 6);
      const rowTop = y;
      for (const [i, line] of firstLines.entries()) {
        y = rowTop - (i + 1) * size * 1.4;
        write(line, left, size, font);
      }
      for (const [c, lines] of otherLines.entries()) {
        const cellRight = left + firstWidth + (c + 1) * otherWidth;
        for (const [i, line] of lines.entries()) {
          y = rowTop - (i + 1) * size * 1.4;
          write(line, cellRight - widthOf(line, font, size), size, font);
        }
      }
      y = rowTop - height * size * 1.4 - 4;
      if (block.header) {
        page.drawLine({
          start: { x: left, y: y + 1 },
          end: { x: right, y: y + 1 },
          thickness: 0.5,
          color: rule,
        });
        y -= 3;
      }
    }
  }

  if (paper.totals.length) {
    hr();
    for (const total of paper.totals) {
      const line = printable(total);
      room(18);
      y -= 14;
      write(line, right - widthOf(line, bold, 11.5), 11.5, bold);
      y -= 3;
    }
  }
  if (paper.footer) {
    y -= 14;
    paragraph(paper.footer, 10.5, regular, grey);
  }
  return doc.save();
}
