import type { Catalogue } from '../i18n/catalogue.ts';
import { plural } from '../i18n/catalogue.ts';
import type { AddressKindLabel, accountScreenText, accountText } from './messages.ts';

/** "de facturación" / "de la cuenta": the address kind inside a Spanish sentence. */
const ofKind = (kind: AddressKindLabel) => (kind === 'Billing' ? 'de facturación' : 'de la cuenta');

/** accountText in Spanish (docs/languages.md: `usted`, the terms of the glossary). */
export const accountTextEs: Catalogue<typeof accountText> = {
  addressProblem: (kind) => `Problema al cambiar la dirección ${ofKind(kind)}`,
  unknownErrorNoc: 'Error desconocido: póngase en contacto con el centro de operaciones (NOC)',
  failedToGetAddress: (kind) => `No se pudo obtener la dirección ${ofKind(kind)}`,
  success: 'Hecho',
  updated: 'Actualizada',
  unableToUpdate: 'No se pudo actualizar: avise al centro de operaciones (NOC)',
  updateFailed: 'Error al actualizar',

  thankYou: '¡Gracias!',
  propagate: 'Los cambios de contraseña tardan unos diez minutos en aplicarse',
  problems: 'Problemas',
  passwordChanged: 'Contraseña cambiada',
  resetFailed: 'No se pudo restablecer',
  resetSubmitted: 'Solicitud de restablecimiento enviada',
  checkEmail: 'Revise su correo electrónico: le hemos enviado el enlace para restablecerla',
  contactHelp: 'Póngase en contacto con el servicio de asistencia',
  chooseAnother: 'Elija otra contraseña.',
  wrongPanelPassword: 'La contraseña del panel no es correcta',
  wrongOldPassword: 'La contraseña anterior no es correcta',
  breached: 'Esta contraseña no se puede usar: ha aparecido en filtraciones de datos.',
  alreadyPending: (logname) =>
    `Ya hay un cambio de contraseña pendiente para ${logname}: vuelva a comprobarlo más tarde`,
  changePending: (logname) =>
    `Cambio de contraseña pendiente para ${logname}: los cambios tardan unos diez minutos en aplicarse`,
  notYourSecondary:
    'Permiso denegado: solo la cuenta principal puede cambiar las contraseñas de sus cuentas secundarias',
  resetInvalid:
    'Este enlace de restablecimiento no es válido: puede haber caducado (los enlaces duran 30 minutos) o haberse usado ya',
  resetMessage:
    'Si el nombre de cuenta y la dirección coinciden con nuestros registros, hemos enviado un enlace de restablecimiento a esa dirección. El enlace es válido durante 30 minutos.',
  tooManyResets: 'Demasiadas solicitudes de restablecimiento: espere 15 minutos y vuelva a intentarlo',
  resetTokensRevoked: (n) =>
    plural('es', n, {
      one: 'Se ha revocado su token de API.',
      other: `Se han revocado todos sus tokens de API (${n}).`,
    }),
  resetRemainingIntro:
    'El restablecimiento no ha cambiado estas formas de iniciar sesión. Si alguna no es suya, inicie sesión y elimínela en el centro de seguridad:',
  resetRemainingAuthenticator: 'Una aplicación de autenticación (segundo factor)',
  resetRemainingPasskey: (name) => `Llave de acceso "${name}"`,
  resetNothingRemains: 'Esta cuenta no tiene ninguna llave de acceso ni segundo factor configurado.',

  somethingFailed: 'Lo sentimos, algo ha fallado',
  thanks: '¡Gracias!',
  statementSaved: 'Se ha guardado su forma de envío de estados de cuenta',

  namesUnavailable: 'Nombres de cuenta en uso o no válidos',
  namesRefused: (names) => `Nombres de cuenta en uso o no válidos: ${names.join(', ')}`,
  chooseDifferent: 'Elija otro nombre de cuenta para estas cuentas:',
  newAccountsPending: 'Cuentas nuevas pendientes',
  newAccountsBody:
    'Gracias. Hemos recibido su solicitud de cuentas nuevas y nuestro personal la tramitará. Recibirá un mensaje cuando las cuentas nuevas estén listas.',
  noAccountNames: 'Introduzca al menos un nombre de cuenta',
  lognameTooLong: 'Como máximo 12 caracteres',
  requestNotFound: 'Solicitud no encontrada',
  requestAlreadyDone: 'Esta solicitud ya se ha marcado como hecha',

  selectDomain: 'Seleccione un dominio',
  selectHostingType: 'Seleccione un tipo de alojamiento',
  webHostingSubmitted: 'Solicitud de alojamiento web enviada',
  webHostingNoDomains:
    'Todos los dominios de esta cuenta ya tienen un sitio web, o aún no tiene ningún dominio. Registre o transfiera primero un dominio y después solicite aquí el alojamiento para él.',
  errorSendingRegistration: 'Error al enviar el registro',
  problemsWithRequest: 'Problemas con la solicitud',

  messageSent: 'Mensaje enviado',
  invalidEmailAddress: 'Dirección de correo electrónico no válida',
};

/** accountScreenText in Spanish. */
export const accountScreenTextEs: Catalogue<typeof accountScreenText> = {
  loading: 'Cargando',
  cancel: 'Cancelar',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  company: 'Empresa',
  address: 'Dirección',
  city: 'Ciudad',
  state: 'Estado o provincia',
  zipCode: 'Código postal',
  country: 'País',
  phone: 'Teléfono',
  changeAddressTitle: (kind, account) => `Cambiar la dirección ${ofKind(kind)} de ${account}`,
  addressTitle: (kind, account) => `Dirección ${ofKind(kind)} de ${account}`,
  billingAddressHelp:
    'Adonde enviamos los estados de cuenta en papel y con la que se comprueban sus pagos con tarjeta.',
  accountAddressHelp: 'La dirección de servicio de la cuenta. Se avisa a contabilidad de cada cambio.',
  updateAddress: (kind) => `Actualizar la dirección ${ofKind(kind)}`,
  panelPasswordTitle: (account) => `Cambiar la contraseña del panel de socios de ${account}`,
  panelPasswordHelp:
    'La contraseña del panel de socios es la que usa para iniciar sesión aquí. Se aplica de inmediato.',
  panelPasswordChanged: (account) => `Se ha cambiado la contraseña del panel de socios de ${account}.`,
  oldPasswordOfOperator: (operator) =>
    `Contraseña anterior: su propia contraseña del panel de socios (${operator}).`,
  oldPassword: 'Contraseña anterior',
  changePanelPassword: 'Cambiar la contraseña del panel',
  emailPasswordTitle: (account) => `Cambiar la contraseña de correo/Unix de ${account}`,
  emailPasswordHelp:
    'Es la contraseña para leer el correo (IMAP/POP), enviar correo e iniciar sesión en el shell. Es distinta de la contraseña del panel de socios.',
  panelPasswordOfOperator: (operator) =>
    `Contraseña del panel: su propia contraseña del panel de socios (${operator}).`,
  panelPasswordOwn: 'Contraseña del panel: la contraseña con la que inició sesión.',
  panelPassword: 'Contraseña del panel',
  newEmailPassword: 'Nueva contraseña de correo',
  changeEmailPassword: 'Cambiar la contraseña de correo',
  statementTitle: (account) => `Envío de estados de cuenta de ${account}`,
  methodStandard: 'Estándar',
  methodEmail: 'Solo por correo electrónico',
  methodPaper: 'Solo en papel',
  methodBoth: 'Por correo electrónico y en papel',
  deliveryMethod: 'Forma de envío',
  onlyWhenOwed: 'Enviar un estado de cuenta solo cuando haya saldo pendiente',
  statementEmailHelp:
    'Correo para los estados de cuenta: déjelo en blanco para usar el correo de facturación de la cuenta.',
  statementEmail: 'Correo para los estados de cuenta',
  standardHelp: 'El envío estándar sigue el plan de facturación de la cuenta.',
  saveDeliveryMethod: 'Guardar la forma de envío',
  contactHelpDesk: (phone, email) =>
    ` Póngase en contacto con el servicio de asistencia en el ${phone} o en ${email}.`,
  languageTitle: 'Idioma',
  languageHelp:
    'El idioma del portal y de los correos que le enviamos, en cada dispositivo en el que inicie sesión.',
  languageOf: (account) => `Idioma de ${account}`,
  languageStaffHelp: (account) =>
    `El idioma del portal y de los correos de ${account}, no el suyo: el cambio queda registrado en la actividad de la cuenta.`,
  requestResetTitle: (panel) =>
    `Solicitar el restablecimiento de la contraseña ${panel ? 'del panel de socios' : 'de correo'}`,
  requestResetHelp:
    'Introduzca su nombre de cuenta y su dirección de correo electrónico de facturación o de recuperación. Si coinciden con nuestros registros, le enviaremos a esa dirección un enlace para restablecerla, válido durante 30 minutos.',
  accountLabel: 'Cuenta',
  recoveryEmail: 'Correo de recuperación',
  requestReset: 'Solicitar el restablecimiento',
  resetTitle: (panel) => `Restablecer la contraseña ${panel ? 'del panel de socios' : 'de correo'}`,
  resetHelp:
    'Elija una contraseña nueva de al menos 8 caracteres. El enlace funciona una sola vez y durante 30 minutos.',
  resetPassword: 'Restablecer la contraseña',
  resetDone: 'Ya puede iniciar sesión con su nueva contraseña. Se han cerrado todas las sesiones.',
  login: 'Iniciar sesión',
  home: 'Inicio',
  openSecurityCentre: 'Abrir el centro de seguridad',
  webHostingTitle: (account) => `Agregar alojamiento web para ${account}`,
  webHostingHelp:
    'Elija uno de sus dominios que aún no tenga sitio web. Starter aloja páginas estáticas; Basic y Pro ejecutan aplicaciones PHP como WordPress.',
  webHostingDone:
    'Nuestro equipo de operaciones de red preparará el alojamiento y le escribirá cuando esté listo.',
  noDomainToHost: 'Ningún dominio que alojar',
  registerOrTransfer: 'Registrar o transferir un dominio',
  domain: 'Dominio',
  noDomainsWithoutWebsite: 'No hay dominios sin sitio web',
  hostingType: 'Tipo de alojamiento',
  profitStatus: 'Tipo de entidad',
  profit: 'Con ánimo de lucro',
  nonProfit: 'Sin ánimo de lucro',
  runWordPress: '¿Va a usar WordPress?',
  yes: 'Sí',
  no: 'No',
  notes: 'Notas',
  requestWebHosting: 'Solicitar el alojamiento web',
  secondariesTitle: 'Agregar cuentas secundarias',
  secondariesTitleFor: (account) => `Agregar cuentas secundarias para ${account}`,
  secondariesHelp: (max) =>
    `Hasta nueve cuentas nuevas por solicitud. Los nombres de cuenta tienen como máximo ${max} caracteres: una letra y después letras, dígitos, '.', '_' o '-'. Las cuentas de correo reciben un buzón; las cuentas completas, además, acceso al shell y a la web. Nuestro personal crea las cuentas y le escribe cuando están listas.`,
  newAccounts: 'Cuentas nuevas',
  accountName: 'Nombre de cuenta',
  alias: 'Alias',
  type: 'Tipo',
  typeEmail: 'Correo',
  typeFull: 'Completa',
  accountNameN: (n) => `Nombre de cuenta ${n}`,
  firstNameN: (n) => `Nombre ${n}`,
  lastNameN: (n) => `Apellidos ${n}`,
  aliasN: (n) => `Alias ${n}`,
  typeN: (n) => `Tipo ${n}`,
  requestingAccount: 'Cuenta solicitante',
  emailWhenReady: 'Correo para avisarle',
  requestAccounts: 'Solicitar las cuentas',
  requestMarkedDone: (id, email) => `Solicitud n.º ${id} marcada como hecha; se ha avisado a ${email}.`,
  pendingRequestsStaff: 'Solicitudes pendientes (personal)',
  noPendingRequests: 'No hay solicitudes pendientes.',
  pendingRequests: 'Solicitudes pendientes',
  notify: 'Avisar a',
  requested: 'Solicitada',
  markDone: 'Marcar como hecha',
};
