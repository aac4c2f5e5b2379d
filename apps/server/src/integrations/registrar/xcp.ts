import { must } from '@portal/contract/must';
import { createHash } from 'node:crypto';

/**
 * The OpenSRS XCP wire format: an OPS_envelope whose data_block holds one value, where a value
 * is text, a dt_assoc (items with string keys) or a dt_array (items keyed 0, 1, …). This is a
 * small, strict reader and writer for exactly that format; it does not process DTDs or
 * external entities (the DOCTYPE line is skipped), so it cannot be made to fetch anything.
 */

/** What a parsed response holds. */
export type XcpValue = string | XcpValue[] | { [key: string]: XcpValue };
/** What a request may hold: numbers and booleans are written as text (true → 1); null as empty. */
export type XcpInput =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly XcpInput[]
  | { readonly [key: string]: XcpInput };

export class XcpParseError extends Error {
  constructor(message: string) {
    super(`XCP: ${message}`);
    this.name = 'XcpParseError';
  }
}

const XML_HEAD =
  "<?xml version='1.0' encoding='UTF-8' standalone='no' ?>\n<!DOCTYPE OPS_envelope SYSTEM 'ops.dtd'>\n";

// Characters XML 1.0 cannot carry at all (even as references): dropped rather than sent.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function scalar(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('XCP: number is not finite');
  return escapeXml(String(value));
}

/** The XML of one value (the content of an item or of the data_block). */
export function buildValue(value: XcpInput): string {
  if (Array.isArray(value)) {
    return `<dt_array>${value.map((v, i) => `<item key="${i}">${buildValue(v)}</item>`).join('')}</dt_array>`;
  }
  if (value !== null && typeof value === 'object') {
    const items = Object.entries(value as Record<string, XcpInput>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `<item key="${escapeXml(k)}">${buildValue(v)}</item>`);
    return `<dt_assoc>${items.join('')}</dt_assoc>`;
  }
  return scalar(value as string | number | boolean | null | undefined);
}

/** A complete OPS envelope around `data` (normally a dt_assoc). */
export function buildEnvelope(data: XcpInput): string {
  return `${XML_HEAD}<OPS_envelope><header><version>0.9</version></header><body><data_block>${buildValue(
    data,
  )}</data_block></body></OPS_envelope>`;
}

export interface XcpRequest {
  action: string;
  object: string;
  attributes?: Record<string, XcpInput>;
  /** Top-level items besides protocol/action/object/attributes (e.g. domain, cookie). */
  extra?: Record<string, XcpInput>;
}

/** An XCP request envelope: protocol, action, object, [extra…], attributes. */
export function buildRequest(req: XcpRequest): string {
  return buildEnvelope({
    protocol: 'XCP',
    action: req.action,
    object: req.object,
    ...req.extra,
    attributes: req.attributes ?? {},
  });
}

/** X-Signature: md5(md5(body + key) + key), lower-case hex, over the exact bytes sent. */
export function signature(body: string, key: string): string {
  const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
  return md5(md5(body + key) + key);
}

// ---------------------------------------------------------------------------------------------
// Reading

type Token =
  | { t: 'open'; name: string; attrs: Record<string, string>; selfClose: boolean }
  | { t: 'close'; name: string }
  | { t: 'text'; value: string };

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/y;
const ATTR = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    switch (name) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function tokenize(xml: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(xml);
    if (!m) throw new XcpParseError(`unexpected markup at offset ${at}`);
    if (m[1] !== undefined) out.push({ t: 'text', value: m[1] });
    else if (m[3] !== undefined) {
      if (m[2] === '/') out.push({ t: 'close', name: m[3] });
      else {
        const attrs: Record<string, string> = {};
        for (const a of (m[4] ?? '').matchAll(ATTR))
          attrs[must(a[1], 'an attribute name')] = decodeEntities(a[2] ?? a[3] ?? '');
        out.push({ t: 'open', name: m[3], attrs, selfClose: m[5] === '/' });
      }
    } else if (m[6] !== undefined) out.push({ t: 'text', value: decodeEntities(m[6]) });
    // comments, processing instructions and the DOCTYPE carry nothing
  }
  return out;
}

const MAX_DEPTH = 64;

class Reader {
  private i = 0;
  private readonly tokens: Token[];
  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  seek(name: string): void {
    while (this.i < this.tokens.length) {
      const tok = this.tokens[this.i++];
      if (tok?.t === 'open' && tok.name === name) {
        if (tok.selfClose) throw new XcpParseError(`empty <${name}>`);
        return;
      }
    }
    throw new XcpParseError(`no <${name}>`);
  }

  /** Reads content up to the closing tag `end` (consumed). */
  value(end: string, depth: number): XcpValue {
    if (depth > MAX_DEPTH) throw new XcpParseError('nested too deeply');
    let text = '';
    let element: XcpValue | undefined;
    for (;;) {
      const tok = this.tokens[this.i++];
      if (!tok) throw new XcpParseError(`unclosed <${end}>`);
      if (tok.t === 'text') {
        text += tok.value;
      } else if (tok.t === 'close') {
        if (tok.name !== end) throw new XcpParseError(`</${tok.name}> where </${end}> was expected`);
        if (element === undefined) return text;
        if (text.trim() !== '') throw new XcpParseError(`text beside a structure in <${end}>`);
        return element;
      } else {
        if (element !== undefined) throw new XcpParseError(`two values in <${end}>`);
        if (tok.name === 'dt_assoc' || tok.name === 'dt_array') {
          element = tok.selfClose ? (tok.name === 'dt_assoc' ? {} : []) : this.container(tok.name, depth + 1);
        } else if (tok.name === 'dt_scalar' || tok.name === 'dt_scalarref') {
          const v = tok.selfClose ? '' : this.value(tok.name, depth + 1);
          if (typeof v !== 'string') throw new XcpParseError(`structure inside <${tok.name}>`);
          element = v;
        } else {
          throw new XcpParseError(`unexpected <${tok.name}> in <${end}>`);
        }
      }
    }
  }

  private container(kind: 'dt_assoc' | 'dt_array', depth: number): XcpValue {
    const assoc: Record<string, XcpValue> = {};
    const entries: [string, XcpValue][] = [];
    for (;;) {
      const tok = this.tokens[this.i++];
      if (!tok) throw new XcpParseError(`unclosed <${kind}>`);
      if (tok.t === 'text') {
        if (tok.value.trim() !== '') throw new XcpParseError(`text inside <${kind}>`);
        continue;
      }
      if (tok.t === 'close') {
        if (tok.name !== kind) throw new XcpParseError(`</${tok.name}> where </${kind}> was expected`);
        break;
      }
      if (tok.name !== 'item') throw new XcpParseError(`<${tok.name}> inside <${kind}>`);
      const key = tok.attrs.key;
      if (key === undefined) throw new XcpParseError('item without a key');
      entries.push([key, tok.selfClose ? '' : this.value('item', depth)]);
    }
    if (kind === 'dt_array') {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    }
    for (const [k, v] of entries) {
      // Own-property writes only: a key such as "__proto__" must not reach the prototype.
      Object.defineProperty(assoc, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    return assoc;
  }
}

/** The value inside an envelope's data_block. */
export function parseEnvelope(xml: string): XcpValue {
  const reader = new Reader(tokenize(xml));
  reader.seek('data_block');
  return reader.value('data_block', 0);
}

export interface XcpResponse {
  isSuccess: boolean;
  responseCode: number;
  responseText: string;
  attributes: Record<string, XcpValue>;
  /** The whole top-level dt_assoc. */
  data: Record<string, XcpValue>;
}

export function isAssoc(v: XcpValue | undefined): v is Record<string, XcpValue> {
  return v !== undefined && typeof v === 'object' && !Array.isArray(v);
}

/** Reads an XCP reply: is_success, response_code, response_text, attributes. */
export function parseResponse(xml: string): XcpResponse {
  const data = parseEnvelope(xml);
  if (!isAssoc(data)) throw new XcpParseError('data_block is not a dt_assoc');
  const code = Number(typeof data.response_code === 'string' ? data.response_code.trim() : Number.NaN);
  if (!Number.isInteger(code)) throw new XcpParseError('no response_code');
  const attributes = data.attributes;
  return {
    isSuccess: typeof data.is_success === 'string' && data.is_success.trim() === '1',
    responseCode: code,
    responseText: typeof data.response_text === 'string' ? data.response_text.trim() : '',
    attributes: isAssoc(attributes) ? attributes : {},
    data,
  };
}
