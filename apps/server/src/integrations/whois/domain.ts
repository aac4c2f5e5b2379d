import { domainToASCII } from 'node:url';
import { InvalidDomainError } from './errors.ts';

/**
 * Domain validation for anything that goes on the wire (whois query lines, registrar calls).
 *
 * The result contains only a-z, 0-9, '-' and '.', so no input can add a protocol line, an
 * option flag or a second query. Unicode names (münchen.de) are converted to their IDNA
 * ASCII form (xn--mnchen-3ya.de) by Node's WHATWG URL implementation first; the converted
 * name is then checked with the same strict rules.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label: letters, or an IDNA A-label (xn--...). */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59}(?<!-))$/;
/** Characters we accept before any conversion: ASCII name characters or non-ASCII letters. */
const ASCII_NAME = /^[A-Za-z0-9.-]+$/;
const UNSAFE = /[\s\p{Cc}\p{Cf}\p{Z}/\\@:?#%&=+,;"'<>[\]{}|^`~*!$()]/u;

export function normalizeDomain(input: unknown): string {
  if (typeof input !== 'string') throw new InvalidDomainError();
  let name = input.trim();
  if (name === '' || name.length > 1024) throw new InvalidDomainError();
  if (!ASCII_NAME.test(name)) {
    // Only letters of other scripts may trigger IDNA conversion; controls, spaces, separators
    // and punctuation are refused outright rather than mapped away.
    if (UNSAFE.test(name)) throw new InvalidDomainError();
    name = domainToASCII(name);
    if (!name) throw new InvalidDomainError();
  }
  name = name.toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name.length > 253) throw new InvalidDomainError();
  const labels = name.split('.');
  const tld = labels.at(-1);
  if (labels.length < 2 || tld === undefined) throw new InvalidDomainError();
  for (const label of labels) {
    if (!LABEL.test(label)) throw new InvalidDomainError();
  }
  if (!TLD.test(tld)) throw new InvalidDomainError();
  return name;
}

/** The top-level label of a normalized domain ("example.co.uk" → "uk"). */
export function tldOf(domain: string): string {
  return domain.slice(domain.lastIndexOf('.') + 1);
}
