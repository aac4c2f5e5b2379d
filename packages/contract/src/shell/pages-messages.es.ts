import type { Catalogue } from '../i18n/catalogue.ts';
import type { pagesText } from './pages-messages.ts';

/** The shell's small screens in Spanish. */
export const pagesTextEs: Catalogue<typeof pagesText> = {
  quickReferences: 'Referencias rápidas',
  quickRefsFailed: 'No se pudieron cargar las referencias rápidas.',
  name: 'Nombre',
  value: 'Valor',
  back: 'Volver',
  searchWiki: 'Buscar en la wiki de soporte',
  searchFor: 'Buscar',
  search: 'Buscar',
  wikiResults: 'Resultados de la búsqueda en la wiki',
  thankYou: 'Gracias',
  home: 'Inicio',
  unimplemented: 'No disponible',
  notAvailable: 'Esta página aún no está disponible.',
  copy: 'Copiar',
  copied: 'Copiado',
};
