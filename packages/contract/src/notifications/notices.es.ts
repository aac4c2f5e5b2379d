import { type Catalogue, plural } from '../i18n/catalogue.ts';
import type { notices } from './notices.ts';

const days = (n: number) => `${n} ${plural('es', n, { one: 'día', other: 'días' })}`;

/**
 * The reminders mailed to customers, in Spanish (docs/languages.md: `usted`, the glossary's terms):
 * each reminder its own catalogue, registered one by one. Amounts and dates as the English ones.
 */
export const noticesEs: { [K in keyof typeof notices]: Catalogue<(typeof notices)[K]> } = {
  invoiceDueSoon: {
    subject: (invoice, due) => `La factura ${invoice} vence el ${due}`,
    body: (invoice, amount, due) =>
      `La factura ${invoice} por $${amount} vence el ${due}. No hay ninguna tarjeta con facturación automática, así que no se pagará sola: páguela en Realizar un pago, en el portal de miembros.`,
  },
  invoiceNew: {
    subject: (invoice) => `Factura nueva ${invoice}`,
    body: (invoice, amount, date, due) =>
      `La factura ${invoice} del ${date} por $${amount} vence el ${due}. La encontrará adjunta en PDF y en Facturas, en el portal de miembros.`,
  },
  invoiceOverdue: {
    subject: (invoice, n) => `La factura ${invoice} tiene ${days(n)} de atraso`,
    body: (invoice, amount, due) =>
      `La factura ${invoice} por $${amount} vencía el ${due} y todavía no está pagada. Páguela en Realizar un pago, en el portal de miembros.`,
  },
  cardExpiring: {
    subject: (card, n) => `Su tarjeta terminada en ${card} vence en ${days(n)}`,
    body: (card, expires) =>
      `La tarjeta terminada en ${card}, con la que se pagan sus facturas automáticamente, vence a fines de ${expires}. Las facturas que venzan después no se le podrán cobrar: agregue una tarjeta nueva o actualice esta en Agregar o modificar tarjeta, en el portal de miembros.`,
  },
  domainRenews: {
    subject: (domain, n) => `${domain} se renueva automáticamente en ${days(n)}`,
    body: (domain, date, price, card) =>
      `${domain} se renueva automáticamente el ${date}${price === null ? '' : ` por $${price}`} con la tarjeta terminada en ${card}. No tiene que hacer nada; si prefiere dejarlo vencer, desactive la renovación automática en Modificar dominios, en el portal de miembros.`,
  },
  domainRenewsNoCard: {
    subject: (domain, n) => `${domain} vence en ${days(n)}: no hay tarjeta con facturación automática`,
    body: (domain, date, price) =>
      `${domain} está configurado para renovarse automáticamente el ${date}${price === null ? '' : ` por $${price}`}, pero no hay ninguna tarjeta con facturación automática. Agregue una en Agregar o modificar tarjeta, en el portal de miembros, o la renovación no se podrá pagar.`,
  },
  domainRenewNow: {
    subject: (domain, n) => `${domain} vence en ${days(n)}`,
    body: (domain, date, link) =>
      `${domain} vence el ${date} y no se renueva automáticamente. Renuévelo ahora: ${link}`,
  },
  aliasFading: {
    subject: (address) => `El alias temporal ${address} desaparece en 2 días`,
    body: (address, fades) =>
      `Su alias temporal ${address} caducó y desaparece el ${fades}. Hasta entonces puede prolongarlo en la página Correo temporal del portal de miembros; después, su nombre queda reservado y no se puede volver a usar.`,
  },
};
