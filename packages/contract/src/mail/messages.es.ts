import type { Catalogue } from '../i18n/catalogue.ts';
import type { mailScreenText, mailText } from './messages.ts';

/** The mail area in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const mailTextEs: Catalogue<typeof mailText> = {
  invalidEmailAddress: 'Dirección de correo electrónico no válida',
  sendFailedTitle: 'Lo sentimos, algo ha fallado',
  sendFailedBody: 'El mensaje no se envió',
  sentTitle: '¡Gracias!',
  sentBody: 'Su mensaje se ha enviado al servicio de asistencia',

  subscribeFailedTitle: 'Lo sentimos, algo ha salido mal.',
  subscribeFailedBody: 'Su suscripción no se agregó',
  subscribedTitle: '¡Le damos la bienvenida a The Portal!',
  confirmSent: (email) =>
    `Hemos enviado un mensaje a ${email}: siga su enlace para confirmar la suscripción.`,
  alreadySubscribed: (email) => `${email} ya está suscrito a The Portal.`,
  confirmResent: (email) =>
    `${email} está pendiente de confirmación: hemos vuelto a enviar el enlace de confirmación.`,
  subscriptionConfirmed: (email) => `${email} ya está suscrito a The Portal.`,
  confirmLinkInvalid: 'Este enlace de confirmación ya no es válido.',
  confirmSubscriptionTitle: 'Confirme su suscripción',
  confirmSubscriptionAsk: (email) => `Pulse el botón para suscribir ${email} a The Portal.`,
  confirmButton: 'Confirmar',

  datesNotSetTitle: 'Fechas sin indicar',
  datesNotSetBody: 'Indique una fecha de inicio y una de fin',
  endAfterStart: 'El fin debe ser posterior al inicio',
  endInPast: 'El fin debe estar en el futuro',
  autoResponderFailed: 'La solicitud no se envió',
  autoResponderSent: 'Su solicitud se ha enviado',

  diskUsageFailed: 'Obtener el uso del disco',

  catchAll: 'No se puede cambiar un alias comodín.',
  roleAddressReserved: (name) =>
    `${name} está reservado: las direcciones de función como postmaster, abuse y webmaster no pueden ser alias temporales`,
  roleAddressOwnerOnly: (address) =>
    `${address} es una dirección de función: solo el propietario del dominio puede configurarla`,
  added: (address) => `Se agregó ${address}`,
  updated: (address) => `Se actualizó ${address}`,
  deleted: 'Eliminado',
  additionFailed: 'No se pudo agregar',
  failedUpdate: 'No se pudo actualizar',
  deleteFailed: 'No se pudo eliminar',
  notFoundAlias: 'No encontrado',
  recoveryNotFound: 'No se encontró el correo electrónico de recuperación',
  aliasExists: (address) => `${address} ya existe`,
  invalidAliasName: 'Un nombre de alias solo puede contener letras, dígitos y . _ - +',
  nameWithDomain:
    'Omita la parte con @: escriba solo el nombre antes de la @ (el dominio se agrega por usted)',
  targetsRequired: 'Escriba al menos una dirección de destino',
  badTarget: (line, text) => `Línea ${line}: «${text}» no es una dirección de correo electrónico válida`,
  tooManyTargets: (max) => `Como máximo ${max} direcciones de destino`,
  aliasToItself: (address) => `${address} no puede reenviarse a sí mismo`,
  noDomains: 'No se encontraron dominios',

  noAliasFound: 'No se encontró el alias',
  noTempEmails: 'No se encontraron correos temporales',
  failed: 'Error',
  success: 'Listo',
  updatedTemp: (address) => `Se actualizó ${address}`,
  addedTemp: (address) => `Se agregó ${address}`,
  tempLimit: (max) =>
    `Ya tiene ${max} alias temporales activos; deje que uno caduque o cambie antes su fecha`,
  tempNameTaken: (address) => `${address} no está disponible; elija otro nombre`,
  invalidTempName:
    'Use de 3 a 40 letras minúsculas, dígitos, puntos, guiones o guiones bajos, empezando por una letra o un dígito',
  tempForwardLoop: 'Un alias temporal no puede reenviar al dominio temporal',
  expiresInPast: 'Elija una fecha de caducidad en el futuro',
  expiresTooFar: 'Un alias puede caducar como máximo dentro de un año',

  noRecovery: 'No se encontraron direcciones de recuperación',
  recoveryExists: (email) => `${email} ya es una dirección de recuperación`,
  recoveryLimit: (max) => `Como máximo ${max} direcciones de recuperación`,
  recoveryAddedPending: (email) =>
    `Se agregó ${email}: recibirá los restablecimientos de contraseña cuando se siga el enlace que le hemos enviado`,
  recoveryPending: '(pendiente de confirmación)',
  recoveryCoolingOff: (date) =>
    `agregada por el personal: sin restablecimientos antes del ${date} (elimínela para cancelarlo)`,
  recoveryStaffAdded: (days) =>
    `Como la agregó el personal, no se le enviará ningún enlace de restablecimiento durante ${days} días. Si usted no lo pidió, elimínela en Contactos de recuperación antes de que termine ese plazo:`,

  addressConfirmedTitle: 'Dirección confirmada',
  confirmAddressTitle: 'Confirme su dirección',
  confirmAddressAsk: (email) => `Pulse el botón para confirmar ${email}.`,
  recoveryConfirmed: (email) =>
    `${email} está confirmada: se le pueden enviar restablecimientos de contraseña.`,
  replyToConfirmed: (email) => `${email} está confirmada: la respuesta automática se enviará desde ella.`,
  replyToPending: (email) =>
    `Su solicitud se ha enviado. Las respuestas de vacaciones solo se envían desde sus propias direcciones; ${email} no es una de ellas, así que la respuesta automática espera hasta que se siga el enlace que hemos enviado a ${email}.`,
  addFailed: 'No se pudo agregar',
  deletionFailed: 'No se pudo eliminar',

  unknownListType: (value) => `Desconocido-${value}`,

  expiryChoices: {
    1: '1 día',
    3: '3 días',
    7: '1 semana',
    14: '2 semanas',
    30: '1 mes',
    91: '3 meses',
    182: '6 meses',
    365: '1 año',
  },
  expiryUnchanged: 'Sin cambios',
};

export const mailScreenTextEs: Catalogue<typeof mailScreenText> = {
  loading: 'Cargando…',
  cancel: 'Cancelar',
  back: 'Volver',
  delete: 'Eliminar',
  yes: 'Sí',

  aliasesTitle: 'Alias de correo electrónico',
  colSource: 'Origen',
  colDestList: 'Destinos',
  colEdit: 'Editar',
  colDelete: 'Eliminar',
  catchAllSource: '* (comodín)',
  edit: 'Editar',
  editAlias: (src) => `Editar ${src}`,
  deleteAlias: (src) => `Eliminar ${src}`,
  domainLabel: 'Dominio',
  addAnAlias: 'Agregar un alias',
  catchAllNote: (domain) =>
    `El alias comodín (*) recibe el correo de todas las direcciones de ${domain} que no tienen alias propio.`,
  noAliases: 'Este dominio no tiene alias',
  aliasesCaption: (domain) => `Alias de correo electrónico de ${domain}`,
  deleteAliasTitle: 'Eliminar alias',
  deleteAliasAsk: (address) =>
    `¿Eliminar ${address}? El correo dirigido a esa dirección dejará de entregarse.`,
  moreTargets: (first, more) => `${first} (+${more} más)`,

  addAliasTitle: 'Agregar un alias',
  aliasName: 'Nombre del alias',
  targetsLabel: 'Destinos (una dirección de correo electrónico por línea)',
  addAlias: 'Agregar alias',
  changeAliasTitle: 'Cambiar alias',
  change: 'Cambiar',

  diskUsageTitle: 'Uso del disco',
  diskUsageCaption: (account) => `Uso del disco de ${account}`,
  colLogname: 'Nombre de cuenta',
  colUid: 'UID',
  colQuota: 'Cuota',
  colDiskUsage: 'Uso del disco',
  colPercentUsed: 'Porcentaje usado',
  noDiskUsage: 'No hay uso del disco registrado',

  mailingListsTitle: 'Listas de correo',
  colListName: 'Nombre de la lista',
  colListLink: 'Enlace de la lista',
  colListType: 'Tipo de lista',
  listAdminLink: (listname) =>
    `${listname} (página de administración de Mailman, se abre en una pestaña nueva)`,
  noMailingLists: 'No se encontraron listas de correo',
  mailingListsCaption: 'Listas de correo',

  recoveryTitle: 'Contactos de recuperación',
  recoveryIntro:
    'Se puede enviar un enlace para restablecer la contraseña a cualquiera de estas direcciones. Use direcciones ajenas a esta cuenta, para poder recibir el enlace aunque no pueda entrar en su correo.',
  recoveryEmail: 'Correo electrónico de recuperación',
  addEmail: 'Agregar correo',
  colId: 'ID',
  colRecoveryAddress: 'Dirección de recuperación',
  colConfirmed: 'Confirmada',
  recoveryCaption: 'Direcciones de recuperación',

  autoResponderTitle: 'Configurar la respuesta automática',
  autoResponderIntro:
    'Mientras usted esté fuera, el correo dirigido a su cuenta se responde con su mensaje. El servicio de asistencia también recibe la solicitud y aplica las instrucciones especiales (por ejemplo, otras direcciones que cubrir).',
  start: 'Inicio',
  end: 'Fin',
  vacationMessage: 'Mensaje de vacaciones',
  specialInstructions: 'Instrucciones especiales',
  replyTo: 'Responder a',
  requestAutoResponder: 'Solicitar respuesta automática',
  hourOf: (label) => `${label}: hora`,
  minuteOf: (label) => `${label}: minutos`,
  halfOf: (label) => `${label}: AM o PM`,

  sendAuthTitle: 'Enviar mensaje autenticado',
  callHelpDesk: (phone, email) => `Llame al servicio de asistencia al ${phone} o escriba a ${email}.`,
  whyNeeded: '¿Por qué es necesario?',
  whyForged:
    'Cualquiera puede falsificar el remitente de un correo electrónico, así que el servicio de asistencia no puede aplicar cambios en una cuenta pedidos por correo normal. Un mensaje enviado desde aquí está autenticado: usted inició sesión para enviarlo y llega al servicio de asistencia marcado con su nombre de cuenta.',
  whyUse:
    'Úselo para pedir cambios que requieren el consentimiento del titular de la cuenta. Las respuestas van a la dirección de respuesta de abajo o, si la deja vacía, a la dirección de correo electrónico de la cuenta.',
  subject: 'Asunto',
  message: 'Mensaje',
  replyToOptional: 'Responder a (déjelo vacío para usar la dirección de la cuenta)',
  accountEmailPlaceholder: 'la dirección de correo electrónico de la cuenta',
  sendMessage: 'Enviar mensaje',

  subscribeTitle: 'Suscribirse a The Portal',
  subscribeIntro:
    'The Portal es nuestro boletín mensual: noticias de la red y mantenimientos previstos, servicios nuevos y consejos para aprovechar al máximo su correo electrónico, sus dominios y sus sitios web. Un mensaje al mes, que nunca compartimos con nadie.',
  pastNewsletters: 'Leer boletines anteriores',
  emailAddress: 'Dirección de correo electrónico',
  subscribeNote:
    'Enviaremos un enlace de confirmación a esta dirección; la suscripción empieza cuando usted lo abra.',
  subscribe: 'Suscribirse',

  tempTitle: 'Correo temporal',
  tempIntro:
    'Un alias temporal reenvía el correo a su dirección hasta que caduca; facilítelo donde espere recibir correo no deseado.',
  tempFaqLink: 'Preguntas frecuentes del correo temporal',
  colAlias: 'Alias',
  forwardsTo: 'Reenvía a',
  colExpires: 'Caduca',
  expired: '(caducado)',
  colFades: 'Desaparece',
  notes: 'Notas',
  expiresAt: 'Caduca el',
  addNewAlias: 'Agregar alias nuevo',
  activeCount: (active, max) => `${active} de ${max} activos`,
  yourTempAliases: 'Sus alias temporales',
  tempCaption: 'Alias temporales',
  editTempTitle: 'Editar correo temporal',
  updateTemp: 'Actualizar correo temporal',

  faqTitle: 'Preguntas frecuentes del correo temporal',
  theTempDomain: 'el dominio temporal',
  faqWhatQ: '¿Qué es un alias de correo temporal?',
  faqWhatA: (domain) =>
    `Una dirección como shop-2026@${domain} que reenvía el correo a su dirección real hasta la fecha que usted elija. Désela a una tienda o a un formulario de registro; cuando caduque, el correo dirigido a ella se rechaza y su dirección real sigue siendo privada.`,
  faqHowManyQ: '¿Cuántos puedo tener?',
  faqHowManyA: (max) => `Hasta ${max} alias activos por cuenta. Los alias caducados no cuentan.`,
  faqExpiresQ: '¿Qué pasa cuando un alias caduca?',
  faqExpiresA: (days) =>
    `El correo deja de reenviarse a la hora de caducidad y le enviamos un aviso. Durante ${days} días sigue en su lista, en otro color, y puede darle una fecha nueva. Después desaparece de la lista.`,
  faqReuseQ: '¿Puedo volver a usar el nombre más adelante?',
  faqReuseA:
    'Un nombre usado queda reservado para todos durante 6 meses después de que su alias desaparezca, para que el correo destinado a usted nunca llegue a otro cliente. Después, cualquiera puede elegirlo.',
  faqNamesQ: '¿Qué nombres puedo usar?',
  faqNamesA:
    'Entre 3 y 40 letras minúsculas, dígitos, puntos, guiones o guiones bajos, empezando por una letra o un dígito.',
  backToTemp: 'Volver a Correo temporal',
};
