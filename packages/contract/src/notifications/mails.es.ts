import type { Catalogue } from '../i18n/catalogue.ts';
import type { NoticeCategory } from './categories.ts';
import type { customerMailText } from './mails.ts';

/** Each category as the Spanish unsubscribe line names it ("estos correos de …"). */
const categoriesEs: Record<NoticeCategory, string> = {
  billing: 'facturación',
  domains: 'dominios',
  mail: 'correo y alias',
  security: 'seguridad',
  news: 'novedades del servicio',
};

export const customerMailTextEs: Catalogue<typeof customerMailText> = {
  unsubscribeLine: (category: NoticeCategory, url: string) =>
    `Para dejar de recibir estos correos de ${categoriesEs[category]}, abra ${url} o cambie Notificaciones en el portal de miembros.`,
};
