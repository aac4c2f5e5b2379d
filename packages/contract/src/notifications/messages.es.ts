import type { Catalogue } from '../i18n/catalogue.ts';
import type { noticeText } from './messages.ts';

/** noticeText in Spanish (docs/languages.md: `usted`, the terms of the glossary). */
export const noticeTextEs: Catalogue<typeof noticeText> = {
  title: 'Notificaciones',
  intro: 'Elija a qué dirección le escribe el portal sobre cada tema.',
  categories: {
    billing: 'Facturación',
    domains: 'Dominios',
    mail: 'Correo y alias',
    security: 'Seguridad',
    news: 'Novedades del servicio',
  },
  sendTo: {
    bill: 'Correo de facturación',
    own: 'Correo de la cuenta',
    both: 'Ambos',
    off: 'Desactivado',
  },
  securityAlways:
    'Los avisos de seguridad se envían siempre al correo de facturación y a todas las direcciones de recuperación confirmadas; no se pueden desactivar.',
  receiptsAlways: 'Los recibos de pago se envían siempre al correo de facturación.',
  securityLocked: 'Los avisos de seguridad no se pueden desactivar ni enviar a otra dirección',
  saved: (category) => `Se han guardado las notificaciones de: ${category}`,
  unchanged: 'No hay nada que cambiar: la opción ya es esa',
  save: 'Guardar las notificaciones',
  notSaved: 'No se han guardado las notificaciones',
  copySecondaryUnknown: 'No es una cuenta secundaria de esta cuenta',
  copyRecoveryUnknown: 'No es una dirección de recuperación confirmada de esta cuenta',
  copyLabel: 'Copia a',
  copyNone: 'Sin copia',
  copySecondary: (logname, address) => `Secundaria ${logname} (${address || 'sin correo de facturación'})`,
  copyRecovery: (address) => `Dirección de recuperación ${address}`,
  copySummary: (to) => `Copia a ${to}.`,
  noAddress: 'no hay ninguna dirección registrada',
  unsubscribeLine: (category, url) =>
    `Para dejar de recibir estos correos de ${category.toLowerCase()}, abra ${url} o cambie Notificaciones en el portal de miembros.`,
  unsubscribeTitle: 'Cancelar la suscripción',
  unsubscribeAsk: (category, logname) =>
    `¿Dejar de recibir los correos de ${category.toLowerCase()} de la cuenta ${logname}? Pulse el botón para cancelar la suscripción.`,
  unsubscribed: (category, logname) =>
    `Se han desactivado los correos de ${category.toLowerCase()} de la cuenta ${logname}. Puede volver a activarlos en Notificaciones, en el portal de miembros.`,
  unsubscribeInvalid: 'Este enlace para cancelar la suscripción no es válido.',
};
