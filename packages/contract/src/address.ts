import { z } from 'zod';
import { countryShape } from './address-rules.ts';
import { text } from './rules.ts';

/**
 * The parts of a postal address that the account and billing calls share, written once: the
 * country a form sends, and the fields an answer gives back.
 */

/** Blank is the US (the default); otherwise an ISO 3166 code or a country's name (address-rules.ts). */
export const country = countryShape(text().trim().max(56).nullish()).transform((v) => v || 'US');

/** The address fields of an answer (an account's address, a stored card's billing address). */
export const addressAnswerFields = {
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  country: z.string(),
};
