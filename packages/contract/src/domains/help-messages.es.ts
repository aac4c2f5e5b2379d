import { type Catalogue, plural } from '../i18n/catalogue.ts';
import type { REG_TYPES } from './calls.ts';
import type { domainHelpText } from './help-messages.ts';

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

/** The domains area's help screens in Spanish (docs/languages.md: `usted`, the glossary's terms). */
export const domainHelpTextEs: Catalogue<typeof domainHelpText> = {
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
    `Un dominio sin renovación automática se puede renovar manualmente a partir de ${n} ${plural('es', n, { one: 'día', other: 'días' })} antes de su vencimiento. Elija el número de años y Renovar dominio: recibirá un aviso por correo electrónico, el cargo aparecerá en su próxima factura y el dominio mostrará Renovación pendiente hasta que el registro lo confirme, normalmente en menos de una hora. La fecha de vencimiento avanza entonces los años elegidos.`,
  helpPermissions: 'Permisos',
  helpPermissions1:
    'De forma predeterminada, solo el titular de la cuenta principal puede cambiar un dominio y sus alias de correo.',
  helpPermissions2:
    'Para agregar un administrador, abra Permisos de dominios, haga clic en el dominio, escriba el nombre de la otra cuenta y elija Solo este dominio o Todos mis dominios.',
  helpPermissions3:
    'Para retirar a un administrador de un dominio, use su botón Eliminar en la página de permisos del dominio; para retirarlo de todos sus dominios a la vez, use {remove}.',
  removePermissions: 'Quitar permisos',
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
