import type { z } from 'zod';

/**
 * Shape rules of a postal address (issue 15), shared by the server and the address forms. The spec
 * only says which fields are required; without a shape, `' OR 1=1 --` was stored as a state and as a
 * ZIP code. The ZIP code's shape follows the country: US 5 digits or ZIP+4, Canada A1A 1A1, elsewhere
 * 2–12 letters, digits, spaces or hyphens. A state (or province, region) is 2–40 letters, spaces, dots
 * or hyphens. Blank fields are left to the spec's "Required" (docs/decisions/015-fidelity.md).
 */
export const ADDRESS_TEXTS = {
  state: 'Use 2–40 letters, spaces, dots or hyphens',
  zipUs: 'Use a 5-digit ZIP code or ZIP+4 (12345-6789)',
  zipCa: 'Use a postal code like K1A 0B1',
  zipOther: 'Use 2–12 letters, digits, spaces or hyphens',
} as const;

const STATE = /^\p{L}[\p{L}\p{M} .-]{1,39}$/u;
const ZIP_US = /^\d{5}(?:-\d{4})?$/;
// Canada Post: no D, F, I, O, Q or U anywhere; no W or Z first.
const ZIP_CA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const ZIP_OTHER = /^(?=.*[\p{L}\d])[\p{L}\d -]{2,12}$/u;

/** The country an address names, as far as the shape rules care: 'US', 'CA' or another. */
export function countryKind(country: string): 'US' | 'CA' | 'other' {
  const c = country.trim().toLowerCase().replace(/\./g, '');
  if (c === '' || c === 'us' || c === 'usa' || c === 'united states' || c === 'united states of america')
    return 'US';
  if (c === 'ca' || c === 'can' || c === 'canada') return 'CA';
  return 'other';
}

export const isState = (state: string): boolean => STATE.test(state.trim());

/** The text for a ZIP code that does not fit its country, or null when it fits (a blank one is left to "Required"). */
export function zipcodeProblem(zipcode: string, country: string): string | null {
  const zip = zipcode.trim();
  if (zip === '') return null;
  const kind = countryKind(country);
  if (kind === 'US') return ZIP_US.test(zip) ? null : ADDRESS_TEXTS.zipUs;
  if (kind === 'CA') return ZIP_CA.test(zip) ? null : ADDRESS_TEXTS.zipCa;
  return ZIP_OTHER.test(zip) ? null : ADDRESS_TEXTS.zipOther;
}

/** A state field: the spec's required text when blank, the shape rule otherwise. */
export const stateShape = <S extends z.ZodType<string>>(field: S) =>
  field.refine((v) => v.trim() === '' || isState(v), { error: ADDRESS_TEXTS.state });

/** Adds the ZIP code's shape, checked against the country, to an address schema. */
export function withZipShape<S extends z.ZodObject>(
  schema: S,
  zipField = 'zipcode',
  countryField = 'country',
) {
  return schema.superRefine((value: Record<string, unknown>, ctx) => {
    const zip = value[zipField];
    if (typeof zip !== 'string') return;
    const country = typeof value[countryField] === 'string' ? (value[countryField] as string) : '';
    const problem = zipcodeProblem(zip, country);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [zipField], input: zip });
  });
}
