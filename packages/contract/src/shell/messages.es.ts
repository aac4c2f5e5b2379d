import type { Catalogue } from '../i18n/catalogue.ts';
import type { homeText, loginText, overviewText, shellText } from './messages.ts';

/** The login screen, the shell and Home in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const loginTextEs: Catalogue<typeof loginText> = {
  signIn: 'Iniciar sesión',
  useAccountName: 'Use su nombre de cuenta (logname), no su dirección de correo electrónico.',
  username: 'Nombre de cuenta',
  password: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  login: 'Entrar',
  forgotPanel: '¿Olvidó la contraseña del panel?',
  forgotEmail: '¿Olvidó la contraseña del correo?',
  quickReferences: 'Referencias rápidas',
  loading: 'Cargando…',
  language: 'Idioma',
  signInWith: (name) => `Iniciar sesión con ${name}`,
};

export const shellTextEs: Catalogue<typeof shellText> = {
  toggleNavigation: 'Mostrar u ocultar la navegación',
  mainNavigation: 'Navegación principal',
  workingOnLabel: 'Trabajando en:',
  logout: 'Cerrar sesión',
  loading: 'Cargando…',
  accountWorkedOn: 'Cuenta en la que se trabaja',
  workingOn: (account) => `Trabajando en ${account}`,
  customerLanguage: (language) => `idioma: ${language}`,
  backTo: (operator) => `Volver a ${operator}`,
  language: 'Idioma',
  languageNames: (language) => (language === 'es' ? 'español' : 'inglés'),
  adminTools: 'Administración',
  resources: 'Recursos',
  lognameOrUid: 'Nombre de cuenta o UID',
  searchHint:
    'Nombre de cuenta o UID; o parte de un nombre, una dirección de correo electrónico o un dominio',
  findAccount: 'Buscar cuenta',
  chooseAccount: 'Elija una cuenta',
  firstMatches: (n) => `Las primeras ${n} coincidencias: escriba más para acotar la búsqueda.`,
  switchMode: (mode) => (mode === 'dark' ? 'Cambiar al modo oscuro' : 'Cambiar al modo claro'),
  followDevice: 'Usar el modo claro u oscuro del dispositivo',
  close: 'Cerrar',
};

export const homeTextEs: Catalogue<typeof homeText> = {
  welcome: (operator) => `Le damos la bienvenida, ${operator}`,
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
