import type { Catalogue } from '../i18n/catalogue.ts';
import type { homeText, overviewText } from './home-messages.ts';

/** Home in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const homeTextEs: Catalogue<typeof homeText> = {
  welcome: (operator) => `Le damos la bienvenida, ${operator}`,
  accountNamed: (logname) => `Cuenta ${logname}`,
  planNamed: (plan) => `plan ${plan}`,
  portalNoBilling: 'Este es su portal de miembros: administre dominios, correo electrónico y sitios web.',
  portalWithBilling:
    'Este es su portal de miembros: pague facturas y administre tarjetas, dominios, correo electrónico y sitios web.',
  importantNotes: 'Notas importantes',
  noteNeverAsk: 'Nunca le pediremos su contraseña por correo electrónico ni por teléfono.',
  noteTenMinutes: 'Los cambios de contraseña tardan unos diez minutos en llegar a los servidores de correo.',
  notePayments: 'Los pagos realizados aquí se aplican a su cuenta de inmediato.',
  noteRecovery: 'Configure una dirección de recuperación para poder restablecer una contraseña olvidada.',
  setEmailPassword: 'Establecer contraseña del correo',
  domainEmailAliases: 'Alias de correo del dominio',
  makePayment: 'Realizar un pago',
  blog: 'Blog',
  wiki: 'Wiki',
  encrypt: 'Cifrar un mensaje',
  breakingNews: 'Últimas noticias',
  failed: 'Error',
  loading: 'Cargando…',
};

export const overviewTextEs: Catalogue<typeof overviewText> = {
  heading: 'Resumen',
  balance: 'Saldo',
  notAvailable: 'No disponible',
  loading: 'Cargando…',
  due: (amount) => `${amount} pendiente de pago`,
  credit: (amount) => `${amount} a su favor`,
  nothingDue: 'Nada pendiente de pago',
  invoiceOf: (date, amount) => `Factura {invoice} del ${date}: ${amount}`,
  lastInvoiceOf: (date, amount) => `Última factura {invoice} del ${date}: ${amount}`,
  payNow: 'Pagar ahora',
  expiringWithin: (days) => `Dominios que vencen en los próximos ${days} días`,
  none: 'Ninguno',
  renewsAutomatically: ' (renovación automática)',
  pendingChanges: 'Cambios en curso',
  renewalOf: (domain) => `Renovación de ${domain}`,
  websiteChange: (site) => `Un cambio en el sitio web ${site}`,
  yourSecondaryOf:
    'Su cuenta es una cuenta secundaria de {primary}, la cuenta principal, que administra la facturación y las cuentas secundarias.',
  thisSecondaryOf:
    'Esta cuenta es una cuenta secundaria de {primary}, la cuenta principal, que administra la facturación y las cuentas secundarias.',
  summaryNotAvailable: 'Resumen no disponible',
  workingOnAccount: (name) =>
    `Está trabajando en la cuenta de ${name}: lo que cambie aquí cambia la cuenta de ${name}.`,
};
