import type { z } from 'zod';

/**
 * Shape rules of a postal address, shared by the server and the address forms. The spec
 * only says which fields are required; without a shape, `' OR 1=1 --` was stored as a state and as a
 * ZIP code. The ZIP code's shape follows the country: US 5 digits or ZIP+4, Canada A1A 1A1, elsewhere
 * 2–12 letters, digits, spaces or hyphens. A state (or province, region) is 2–40 letters, spaces, dots
 * or hyphens. Blank fields are left to the spec's "Required" (docs/decisions/095-address-shapes.md).
 */
export const ADDRESS_TEXTS = {
  state: 'Use 2–40 letters, spaces, dots or hyphens',
  zipUs: 'Use a 5-digit ZIP code or ZIP+4 (12345-6789)',
  zipCa: 'Use a postal code like K1A 0B1',
  zipOther: 'Use 2–12 letters, digits, spaces or hyphens',
  country: 'Use a two-letter country code (US, CA, GB…) or the country’s English name',
  phone: 'Use 7–20 digits, spaces and + ( ) - . x',
} as const;

/**
 * ISO 3166-1 alpha-2 codes. A country is one of them, or its English name (from the runtime's
 * Intl.DisplayNames), or one of the few other names below; case, dots and spaces around do not matter.
 * Only new writes are checked: an address stored before the rule keeps its value and is read as it is.
 */
const ISO_3166 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );
const OTHER_NAMES = [
  'usa',
  'united states of america',
  'can',
  'uk',
  'great britain',
  'england',
  'scotland',
  'wales',
];
const normalCountry = (c: string) => c.trim().toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ');
let countries: Set<string> | undefined;
function countryNames(): Set<string> {
  if (countries) return countries;
  const names = new Set<string>([...ISO_3166.map((c) => c.toLowerCase()), ...OTHER_NAMES]);
  const display =
    typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  for (const code of ISO_3166) {
    const name = display?.of(code);
    if (name && name !== code) names.add(normalCountry(name.replace(/&/g, 'and')));
  }
  countries = names;
  return names;
}
/** Whether a country field names a country: an ISO 3166 code or a name from the list. */
export const isCountry = (country: string): boolean => {
  const c = normalCountry(country.replace(/&/g, 'and'));
  return countryNames().has(c);
};

const PHONE = /^[0-9 +().x-]{7,20}$/;
/** A phone number: digits, spaces and `+()-.x`, 7–20 characters, at least 7 digits. */
export const isPhone = (phone: string): boolean => {
  const p = phone.trim();
  return PHONE.test(p) && (p.match(/\d/g)?.length ?? 0) >= 7;
};

/** A country field: blank is left to the caller's default, anything else must name a country. */
export const countryShape = <S extends z.ZodType<string | null | undefined>>(field: S) =>
  field.refine((v) => !v || v.trim() === '' || isCountry(v), { error: ADDRESS_TEXTS.country });
/** A phone field: blank is allowed (the spec requires none), anything else has the phone shape. */
export const phoneShape = <S extends z.ZodType<string | undefined>>(field: S) =>
  field.refine((v) => v === undefined || v.trim() === '' || isPhone(v), { error: ADDRESS_TEXTS.phone });

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
