import type { Catalogue } from '../i18n/catalogue.ts';
import type { hostingText } from './messages.ts';

const NO_LOGS_TITLE = 'No hay registros disponibles';
const NO_LOGS_BODY = 'Los registros pueden tardar unos minutos en estar disponibles';

/** The hosting area in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const hostingTextEs: Catalogue<typeof hostingText> = {
  noWebsites: 'No se encontraron sitios web',
  noDomains: 'No se encontraron dominios',
  noDatabases: 'No se encontraron bases de datos',
  errorWebsiteList: 'Error al obtener la lista de sitios web',
  errorPhpList: 'Error al obtener la lista de versiones de PHP',

  changePending: 'Ya hay un cambio pendiente: vuelva a consultar más tarde',
  selectPhp: 'Seleccione una nueva versión de PHP',
  chooseOption: 'Elija una opción',
  samePhp: 'Esta es la versión actual: no se hará ningún cambio',
  downgradePhp:
    'Esta es una versión anterior: las versiones antiguas de PHP son más lentas y más propensas a problemas de seguridad',
  disablePhp: 'Si elige Desactivado, se desactivará PHP para este sitio web',
  unknownPhp: 'Versión de PHP desconocida',
  updateQueued: 'Actualización en cola',
  changeSoon: 'El cambio se completará en unos minutos',
  errorQueuingPhp: 'Error al poner en cola el cambio de PHP',
  pendingNotice:
    'Hay un cambio pendiente en este sitio web: no se pueden hacer actualizaciones hasta que se complete',
  ownChangeQueued: (version) =>
    `Su cambio a PHP ${version} está en cola: se completará en unos minutos. Esta página se actualiza sola.`,
  phpEndOfLife: (version, date) =>
    `PHP ${version} dejó de recibir correcciones de seguridad el ${date}. Elija una versión con soporte.`,
  endOfLifeBadge: 'Sin soporte',

  permissionsProblem: 'Problema de permisos',
  permissionsProblemBody: 'Problema de permisos: comuníquese con el equipo de operaciones de red',
  vidNotFound: 'No se encontró el VID',
  problemsWithRequest: 'Problemas con la solicitud',

  logsOn: 'Los registros de errores se activarán en unos minutos',
  logsOff: 'Los registros de errores se desactivarán en unos minutos',
  logsAlreadyOn: 'Los registros de errores ya están activados',
  logsAlreadyOff: 'Los registros de errores ya están desactivados',
  showLogs: (virtname) => `Registros de ${virtname}`,
  logsZeroRows: 'Puede tardar unos minutos en quedar registrado para ver los registros',
  totalRows: (n) => `Filas en total: ${n}`,
  newRows: (n) => `Filas nuevas: ${n}`,
  noLogsAvailable: `${NO_LOGS_TITLE} - ${NO_LOGS_BODY}`,
  noLogsTitle: NO_LOGS_TITLE,
  noLogsBody: NO_LOGS_BODY,
  downloadLinkInvalid: 'Este enlace de descarga no es válido o ha caducado',
  noLogsFound: 'No se encontraron registros',
  logsFailedLine: (logname, uid, virtname, vid) =>
    `cuenta ${logname}, uid ${uid}, nombre virtual ${virtname}, vid ${vid}`,

  selectWebsite: 'Seleccione un sitio web',
  selectApp: 'Seleccione una aplicación',
  invalidSubdir: 'Use letras, dígitos, punto, guion y guion bajo, separados por /',
  installing: 'Instalando…',
  installFailed: 'Error',
  noWebsiteForInstall:
    'Esta cuenta no tiene sitio web. Comuníquese con soporte para agregar alojamiento web.',
  noPendingInstalls: 'No hay instalaciones pendientes',

  noEligibleWebsite:
    'Ningún sitio web admite un nuevo sitio de desarrollo: cada sitio web ya tiene uno, o la cuenta no tiene sitio web.',
  promoteWarning:
    'Publicar el sitio de desarrollo REEMPLAZA el contenido del sitio web en vivo por el del sitio de desarrollo. Esto no se puede deshacer.',
  refreshWarning:
    'Actualizar el sitio de desarrollo desde el sitio en vivo REEMPLAZA el contenido del sitio de desarrollo por el del sitio web en vivo. Esto no se puede deshacer.',
  devsiteSubmitted: 'Solicitud de sitio de desarrollo enviada',
  promoteSubmitted: 'Solicitud de publicación enviada',
  refreshSubmitted: 'Solicitud de actualización enviada',
  requestToNoc: 'El equipo de operaciones de red la llevará a cabo y se comunicará con usted',
  devsiteExists: 'Este sitio web ya tiene un sitio de desarrollo',

  agentCredentials: 'Se requieren las credenciales del agente',
  notClaimed: 'Este agente no ha reclamado el cambio',
  notThisAgent: 'Este agente no sirve este sitio web',

  websites: 'Sitios web',
  databases: 'Bases de datos',
  columnWebsite: 'Sitio web',
  columnPhp: 'PHP',
  columnSsl: 'SSL',
  details: 'Detalles',
  detailsOf: (virtname) => `Detalles de ${virtname}`,
  edit: 'Editar',
  editOf: (virtname) => `Editar ${virtname}`,
  errorLogs: 'Registros de errores',
  toggle: 'Activar/desactivar',
  pending: 'Pendiente',
  on: 'Activados',
  off: 'Desactivados',
  turnOnLogs: 'Activar registros de errores',
  turnOffLogs: 'Desactivar registros de errores',
  turnOnLogsOf: (virtname) => `Activar registros de errores de ${virtname}`,
  turnOffLogsOf: (virtname) => `Desactivar registros de errores de ${virtname}`,
  view: 'Ver',
  viewLogsOf: (virtname) => `Ver los registros de errores de ${virtname}`,
  download: 'Descargar',
  downloadLogsOf: (virtname) => `Descargar los registros de errores de ${virtname}`,
  webAppInstall: 'Instalar aplicación web',
  devsites: 'Sitios de desarrollo',
  columnDbName: 'Nombre de la base de datos',
  columnAdministration: 'Administración',
  phpMyAdminFor: (name) => `phpMyAdmin de ${name}`,
  columnDomain: 'Dominio',
  columnSiteName: 'Nombre del sitio',
  columnVid: 'VID',
  columnSetupDate: 'Fecha de creación',
  createDevsite: 'Crear un sitio de desarrollo',
  columnLog: 'Registro',
  errorLog: 'Registro de errores',
  back: 'Volver',
  websiteDetails: 'Detalles del sitio web',
  editWebsite: 'Editar sitio web',
  virtualName: 'Nombre virtual',
  documentRoot: 'Directorio raíz',
  currentPhp: 'Versión actual de PHP',
  newPhp: 'Nueva versión de PHP',
  update: 'Actualizar',
  cancel: 'Cancelar',
  sslNo: 'No',
  sslOnly: 'Solo SSL',
  sslYes: 'Sí',
};
