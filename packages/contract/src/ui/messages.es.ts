import type { Catalogue } from '../i18n/catalogue.ts';
import type { uiText } from './messages.ts';

/** The shared components' texts in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const uiTextEs: Catalogue<typeof uiText> = {
  search: 'Buscar',
  goToPage: 'Ir a la página',
  page: 'Página',
  rowsPerPage: 'Filas por página',
  wholePageNumber: (pages) => `Escriba un número de página entero del 1 al ${pages}`,
  loading: 'Cargando…',
  nothingMatches: 'Nada coincide con la búsqueda',
  filter: 'Filtrar',
  filterColumn: (column) => `Filtrar ${column}`,
  sortBy: 'Ordenar por',
  pages: 'Páginas',
  previousPage: 'página anterior',
  nextPage: 'página siguiente',
  currentPassword: 'Su contraseña actual',
  newPassword: 'Nueva contraseña',
  confirmPassword: (label) => `Confirme: ${label}`,
};
