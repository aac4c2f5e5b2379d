import type { Catalogue } from '../i18n/catalogue.ts';
import type { noticesText } from './messages.ts';

/** Home's notices list in Spanish; each notice's own text comes in the caller's language from the API. */
export const noticesTextEs: Catalogue<typeof noticesText> = {
  heading: 'Requiere su atención',
};
