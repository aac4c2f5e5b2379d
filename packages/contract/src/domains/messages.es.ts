import { plural, type Catalogue } from '../i18n/catalogue.ts';
import type { domainText } from './messages.ts';
import type { DomainStatus } from './status.ts';

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

  cannotRenew: 'No se puede renovar el dominio',
  renewalPending: 'La renovación está pendiente',
  renewalFailed: 'La renovación falló',
  notRegistrarManaged: (domain) =>
    `${domain} no está registrado a través de nuestro registrador asociado, por lo que no se puede renovar ni editar aquí`,
  onAutoRenew: (domain) =>
    `${domain} se renueva automáticamente unos 45 días antes de vencer; desactive la renovación automática para renovarlo manualmente`,
  tooEarly: (domain, n) => `${domain} se puede renovar a partir de ${days(n)} antes de su vencimiento`,
  tooLate: (domain) =>
    `${domain} venció hace demasiado tiempo para renovarlo aquí; comuníquese con la mesa de ayuda`,
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
};
