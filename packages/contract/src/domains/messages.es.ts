import { plural, type Catalogue } from '../i18n/catalogue.ts';
import type { domainText } from './messages.ts';
import type { REG_TYPES, WEBSITE_OPTIONS } from './calls.ts';
import type { DomainStatus } from './status.ts';

const REG_TYPE_EXPLAINED: Record<(typeof REG_TYPES)[number], (product: string) => string> = {
  'New Domain': () =>
    'El nombre aún no está registrado. Lo registramos por usted a través de nuestro registrador asociado, alojamos su DNS y aparece en su lista de dominios.',
  '{product}/OpenSRS will be Registrar Only': () =>
    'El dominio está registrado en otro lugar y usted traslada el registro a nosotros (a través de OpenSRS). Su DNS se queda donde está. Necesita el código de autorización de transferencia del registrador actual.',
  '{product} will be DNS Host Only': (product) =>
    `El registro se queda con el registrador actual; usted apunta los servidores de nombres del dominio a los nuestros y ${product} aloja su DNS.`,
  '{product} will be Registrar & DNS Host': () =>
    'Usted nos transfiere el registro y también alojamos su DNS: cuanto se refiere al dominio se administra aquí.',
  '{product} will be Web/Email Host Only': () =>
    'El registro y el DNS se quedan donde están; usted apunta los registros del sitio web y del correo a nuestros servidores y nosotros alojamos el sitio web y el correo electrónico.',
};

const REG_TYPE_NAMES: Record<(typeof REG_TYPES)[number], (product: string) => string> = {
  'New Domain': () => 'Dominio nuevo',
  '{product}/OpenSRS will be Registrar Only': (product) => `${product}/OpenSRS solo como registrador`,
  '{product} will be DNS Host Only': (product) => `${product} solo como servidor DNS`,
  '{product} will be Registrar & DNS Host': (product) => `${product} como registrador y servidor DNS`,
  '{product} will be Web/Email Host Only': (product) => `${product} solo como alojamiento web y de correo`,
};

const WEBSITE_OPTION_NAMES: Record<(typeof WEBSITE_OPTIONS)[number], string> = {
  NONE: 'Ninguno',
  'Basic Webhosting': 'Alojamiento web básico',
  'Pro Webhosting': 'Alojamiento web Pro',
  'Alias for another site': 'Alias de otro sitio',
};

const STATUS_WORDS: Record<DomainStatus, string> = {
  'renewal-pending': 'renovación pendiente',
  'will-expire': 'se dejará vencer',
  'renews-automatically': 'se renueva automáticamente',
  'renew-by-hand': 'renovación manual',
  'not-here': 'registrado en otro lugar',
};

/** 'año' for 1, 'años' otherwise. */
const years = (n: number) => `${n} ${plural('es', n, { one: 'año', other: 'años' })}`;
const days = (n: number) => `${n} ${plural('es', n, { one: 'día', other: 'días' })}`;
const domains = (n: number) => `${n} ${plural('es', n, { one: 'dominio', other: 'dominios' })}`;

/** The domains area in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const domainTextEs: Catalogue<typeof domainText> = {
  headingEdit: 'Editar dominios',
  headingRenew: 'Renovar dominios',
  headingPermissions: 'Permisos de dominios',
  noDomains: 'No se encontraron dominios',
  noDomainsUsage: 'No se encontraron dominios',
  unknown: 'desconocido',
  failed: 'Error',
  expirationUnknown: 'DESCONOCIDA',
  daysLeftHeader: 'Días restantes',
  statusHeader: 'Estado',
  renewHeader: 'Renovar',
  renewAction: 'Renovar',
  expiringNotice: (domain, expires) =>
    `${domain} vence el ${expires} y no está configurado para renovarse automáticamente.`,
  renewActionLabel: (domain) => `Renovar ${domain}`,
  daysLeft: (n) => (n === null ? '—' : n === 0 ? 'vence hoy' : n > 0 ? days(n) : `venció hace ${days(-n)}`),
  status: (status) => STATUS_WORDS[status],
  expiresSoon: 'Vence pronto',

  cantFindIt: 'No se encuentra',
  notATld: (tld) => `${tld} no es un dominio de nivel superior (TLD) que podamos registrar`,
  mustAgree: 'No podemos registrar su dominio si no acepta las condiciones',
  selectYears: 'Seleccione el número de años del registro',
  registrationSubmitted: 'Registro de dominio enviado',
  errorSending: 'Error al enviar el registro',
  problems: 'Problemas con el registro',
  signatureFailed: 'La firma falló',
  registerAnother: 'Registrar otro dominio',
  unknownAgreement: 'No existe ese texto',
  registrationTitle: 'Registrar o transferir un dominio',
  domainPlaceholder: 'ejemplo.com',
  domainDescription: 'El nombre que desea registrar o transferir',
  organization: 'Organización',
  contactEmailPlaceholder: 'déjelo en blanco para usar el de la cuenta principal',
  enterDomainFirst: 'Escriba primero un dominio',
  yearOption: (n, price) => `${years(n)} – ${price}`,
  estimatedTotal: 'Total estimado',
  includesPrivacy: (perYear) => `incluye la privacidad whois, ${perYear} al año`,
  regType: 'Tipo',
  regTypeName: (type, product) => REG_TYPE_NAMES[type](product),
  whatsThis: '¿Qué es esto?',
  whoisPrivacy: 'Privacidad whois',
  yesPerYear: (perYear) => `Sí (+${perYear} al año)`,
  organizationType: 'Tipo de organización',
  profit: 'Con fines de lucro',
  nonprofit: 'Sin fines de lucro',
  website: 'Sitio web',
  websiteOption: (option) => WEBSITE_OPTION_NAMES[option],
  instructions: 'Instrucciones',
  registrationAgreement: 'Contrato de registro',
  readAgreement: 'Leer el contrato de registro',
  agree: 'Acepto',
  dontAgree: 'No acepto',
  submitRequest: 'Enviar solicitud',
  agreementTitle: 'Contrato de registro',
  requestSent:
    'Su solicitud para {domain} se envió al servicio de asistencia y al administrador de dominios.',
  agreementSigned: (stamp) => `Contrato de registro firmado el ${stamp}.`,

  cannotRenew: 'No se puede renovar el dominio',
  renewalPending: 'La renovación está pendiente',
  renewalFailed: 'La renovación falló',
  notRegistrarManaged: (domain) =>
    `${domain} no está registrado a través de nuestro registrador asociado, por lo que no se puede renovar ni editar aquí`,
  onAutoRenew: (domain) =>
    `${domain} se renueva automáticamente unos 45 días antes de vencer; desactive la renovación automática para renovarlo manualmente`,
  tooEarly: (domain, n) => `${domain} se puede renovar a partir de ${days(n)} antes de su vencimiento`,
  tooLate: (domain) =>
    `${domain} venció hace demasiado tiempo para renovarlo aquí; comuníquese con el servicio de asistencia`,
  alreadyPending: (domain, n) => `Ya hay una renovación pendiente de ${domain} por ${years(n)}`,
  noPriceForYears: (n) => `${years(n)} no es un período de renovación que ofrezcamos para este dominio`,
  priceChanged: 'El precio ha cambiado: vuelva a cargar la página y revise el nuevo precio',
  renewalQueued: (domain, n, newExpiration) =>
    `Su renovación de ${domain} por ${years(n)} está pendiente: la nueva fecha de vencimiento será ${newExpiration}. El cargo aparecerá en su próxima factura.`,
  renewNoticeSubject: (domain) => `Renovación de ${domain}`,

  updated: (domain) => `${domain} se ha actualizado`,
  notAuthorized: (domain) => `No tiene autorización para editar ${domain}`,
  cantGetStatus: (domain) => `No se puede obtener el estado de ${domain}`,
  bothSet: 'Renovar automáticamente cada año y Dejar vencer el dominio no pueden ser ambos Sí: elija uno',
  contactPlaceholder: 'deje en blanco para usar la dirección de correo electrónico de la cuenta principal',

  noAdmins: 'No hay cuentas administradoras adicionales para el dominio',
  ownerOnly: 'Solo el propietario del dominio puede cambiar sus permisos',
  cannotGrant: (logname) => `${logname} no puede ser administrador: revise el nombre de cuenta`,
  ownerAlready: (logname) => `${logname} ya es propietario del dominio`,
  adminAdded: (logname, n) => `${logname} ahora puede administrar ${domains(n)}`,
  notAdmin: (logname, domain) => `${logname} no es administrador de ${domain}`,
  adminRemoved: (logname, domain) => `${logname} fue retirado de ${domain}`,
  noGrants: (logname) => `${logname} no tiene permisos sobre sus dominios`,
  removedFromAll: (logname, n) => `${logname} fue retirado de ${domains(n)}`,
  additionFailed: 'No se pudo agregar',
  deleteFailed: 'No se pudo eliminar',
  deletionFailed: 'La eliminación falló',
  deleted: 'Eliminado',

  whoisInvalid: 'Nombre de dominio no válido',
  whoisUnavailable: 'El servicio whois no respondió: inténtelo de nuevo en un minuto',

  yes: 'Sí',
  no: 'No',
  loading: 'Cargando…',
  cancel: 'Cancelar',
  columnDomain: 'Dominio',
  columnExpiration: 'Venc.',
  columnAutoRenew: 'R/A',
  columnAbandon: 'D/V',
  columnPending: 'R/P',
  columnContact: 'Correo de contacto',
  whois: 'Whois',
  whoisOf: (domain) => `Whois de ${domain}`,
  legend: 'Leyenda',
  legendExpiration: 'fecha de vencimiento (AAAA-MM-DD)',
  legendAutoRenew: 'renovación automática anual',
  legendPending: 'renovación pendiente',
  legendAbandon: 'dejar vencer (abandonar)',
  renewTitle: (domain) => `Renovar ${domain}`,
  fieldDomain: 'Dominio',
  fieldExpiration: 'Fecha de vencimiento',
  fieldAutoRenew: 'Renovación automática',
  fieldPending: 'Renovación pendiente',
  pendingYears: (n) => `Sí (${years(n)})`,
  yearsLabel: 'Años',
  yearsPlaceholder: 'Seleccione',
  yearsCount: (n) => years(n),
  backToRenew: 'Volver a Renovar dominios',
  renewDomain: 'Renovar dominio',
  reviewTitle: 'Revise la renovación',
  reviewRenewal:
    'Renovar {domain} por {period} a {price}, con cargo a la cuenta {account} en su próxima factura.',
  back: 'Volver',
  close: 'Cerrar',
  confirmRenewal: 'Confirmar la renovación',
  editTitle: (domain) => `Editar ${domain}`,
  autoRenewYearly: 'Renovar automáticamente cada año',
  letDomainExpire: 'Dejar vencer el dominio',
  contactEmail: 'Correo electrónico de contacto',
  update: 'Actualizar',

  whoisTitle: 'Información whois',
  whoisLookup: 'Consultar',
  whoisFailed: 'La consulta whois falló',
  usageTitle: 'Resumen de dominios',
  usageWebsite: '¿Sitio web?',
  usageDocroot: 'Directorio raíz o alias',
  usageAliases: 'Número de alias de correo',
  usageAlias: 'Alias',
  addWebHosting: 'Agregar alojamiento web',
  defineAliases: 'Definir alias de correo',
  editWebsites: 'Editar sitios web',
  helpTitle: 'Ayuda de dominios',
  helpSection: 'La sección de dominios',
  helpSectionText:
    '{edit}, {renew} y {permissions} muestran sus dominios y los dominios que otras cuentas le permiten administrar. Haga clic en una fila para editar, renovar o administrar los permisos de ese dominio; el botón Whois muestra el registro público del dominio. Solo los dominios registrados a través de nuestro registrador asociado se pueden renovar o editar aquí; los demás muestran la fecha de vencimiento UNKNOWN (desconocida).',
  helpExpiration: 'Fecha de vencimiento (Venc.)',
  helpExpirationText: 'El día en que vence el registro si no se renueva.',
  helpAutoRenew: 'Renovación automática anual (R/A)',
  helpAutoRenewText:
    'Con la renovación automática, renovamos el dominio por un año unos 45 días antes de su aniversario y el cargo aparece en su próxima factura.',
  helpAbandon: 'Dejar vencer (D/V)',
  helpAbandonText:
    'Dejar vencer el dominio significa que ya no lo quiere: no lo renovamos y se libera después de su vencimiento. La renovación automática y Dejar vencer el dominio no pueden ser ambos Sí; el sistema se lo indicará si marca los dos.',
  helpContact: 'Correo electrónico de contacto',
  helpContactText:
    'Adónde se envían los avisos de renovación del dominio. Déjelo en blanco para usar la dirección de correo electrónico de la cuenta principal.',
  helpRenewals: 'Renovaciones (R/P)',
  helpRenewalsText: (n) =>
    `Un dominio sin renovación automática se puede renovar manualmente a partir de ${days(n)} antes de su vencimiento. Elija el número de años y Renovar dominio: recibirá un aviso por correo electrónico, el cargo aparecerá en su próxima factura y el dominio mostrará Renovación pendiente hasta que el registro lo confirme, normalmente en menos de una hora. La fecha de vencimiento avanza entonces los años elegidos.`,
  helpPermissions: 'Permisos',
  helpPermissions1:
    'De forma predeterminada, solo el titular de la cuenta principal puede cambiar un dominio y sus alias de correo.',
  helpPermissions2:
    'Para agregar un administrador, abra Permisos de dominios, haga clic en el dominio, escriba el nombre de la otra cuenta y elija Solo este dominio o Todos mis dominios.',
  helpPermissions3:
    'Para retirar a un administrador de un dominio, use su botón Eliminar en la página de permisos del dominio; para retirarlo de todos sus dominios a la vez, use {remove}.',
  removePermissions: 'Quitar permisos',

  removeTitle: 'Retirar a un administrador de todos los dominios',
  warning: 'Advertencia',
  removeWarning:
    'La cuenta pierde sus derechos de administrador en todos sus dominios y, con ellos, el derecho a cambiar sus alias de correo. Conserva su propia cuenta y sus dominios.',
  accountName: 'Nombre de cuenta',
  delete: 'Eliminar',
  permissionsTitle: (domain) => `Permisos de ${domain}`,
  permissionsIntro: (domain) =>
    `Estas cuentas pueden administrar ${domain} y sus alias de correo, además de su propietario. Solo el propietario puede agregarlas o retirarlas.`,
  adminAccounts: 'Cuentas administradoras',
  columnAccount: 'Cuenta',
  scope: 'Alcance',
  scopeAll: 'Todos los dominios',
  scopeThis: 'Este dominio',
  deleteAdmin: (logname) => `Eliminar ${logname}`,
  addAdminTitle: 'Agregar un administrador',
  addAdminIntro:
    'Conceda a otra cuenta el derecho de administrar este dominio, o todos sus dominios, incluidos sus alias de correo. La cuenta inicia sesión con su propio nombre y contraseña.',
  thisDomainOnly: 'Solo este dominio',
  allMyDomains: 'Todos mis dominios',
  currentPassword: 'Su contraseña actual',
  addAdmin: 'Agregar administrador',
  registrationHelpTitle: 'Ayuda para registrar un dominio',
  registrationHelpIntro: 'El campo Tipo de Registrar o transferir indica qué debemos hacer con el dominio:',
  regTypeExplained: (type, product) => REG_TYPE_EXPLAINED[type](product),
  whoisPrivacyNote: (perYear) =>
    `La privacidad whois oculta sus datos de contacto del registro whois público, cuando el registro del dominio lo permite, por ${perYear} al año.`,
  faqTitle: 'Preguntas frecuentes sobre dominios',
  faqQ1: '¿Quién puede cambiar mis dominios y sus alias de correo?',
  faqA1:
    'Solo usted, el titular de la cuenta principal, salvo que conceda acceso de administrador a otra cuenta. Nuestro personal también puede hacer cambios por usted si lo solicita al servicio de asistencia.',
  faqQ2: '¿Cómo permito que otra persona administre los alias de correo de mi dominio?',
  faqA2:
    'Abra Permisos de dominios, haga clic en el dominio y agregue la otra cuenta como administrador, solo para este dominio o para todos sus dominios. El administrador verá entonces el dominio en su propia lista de dominios y en el administrador de alias de correo, y podrá agregar, cambiar y eliminar sus alias.',
  faqQ3: '¿Puede una cuenta secundaria mía administrar mis dominios?',
  faqA3:
    'No por sí sola: las cuentas secundarias no ven sus dominios. Inicie sesión con su cuenta principal y agregue la cuenta secundaria como administrador de los dominios que deba administrar.',
  faqQ4: '¿Cómo retiro el permiso?',
  faqA4:
    'Use el botón Eliminar junto al administrador en la página de permisos del dominio para retirarlo de ese dominio, o Quitar permisos para retirarlo de todos sus dominios a la vez. El cambio se aplica de inmediato.',
};
