/**
 * The Spanish catalogues: one line per area translated (docs/languages.md). The server imports it
 * at start; the web loads it as a chunk of its own, only on a page that shows Spanish.
 */
import { register } from './catalogue.ts';
import { commonText } from '../messages.ts';
import { commonTextEs } from '../messages.es.ts';
import { homeText, loginText, overviewText, shellText } from '../shell/messages.ts';
import { homeTextEs, loginTextEs, overviewTextEs, shellTextEs } from '../shell/messages.es.ts';
import { passkeyText } from '../security/passkey-messages.ts';
import { passkeyTextEs } from '../security/passkey-messages.es.ts';
// billing
import { billingScreenText, billingText } from '../billing/messages.ts';
import { billingScreenTextEs, billingTextEs } from '../billing/messages.es.ts';
// the navigation
import { navText } from '../shell/nav-messages.ts';
import { navTextEs } from '../shell/nav-messages.es.ts';
// the second factor
import { secondFactorText } from '../security/second-factor-refs.ts';
import { secondFactorTextEs } from '../security/second-factor-refs.es.ts';
// shared components (apps/web/src/ui)
import { uiText } from '../ui/messages.ts';
import { uiTextEs } from '../ui/messages.es.ts';
// domains and hosting
import { domainText } from '../domains/messages.ts';
import { domainTextEs } from '../domains/messages.es.ts';
import { hostingText } from '../hosting/messages.ts';
import { hostingTextEs } from '../hosting/messages.es.ts';
// mail and tools
import { mailScreenText, mailText } from '../mail/messages.ts';
import { mailScreenTextEs, mailTextEs } from '../mail/messages.es.ts';
import { toolsScreenText, toolsText } from '../tools/messages.ts';
import { toolsScreenTextEs, toolsTextEs } from '../tools/messages.es.ts';
// customer mails (the unsubscribe line; the reminders are chosen by noticesIn)
import { accountNoticeText, customerMailText, resetMailText } from '../notifications/mails.ts';
import { accountNoticeTextEs, customerMailTextEs, resetMailTextEs } from '../notifications/mails.es.ts';

register(commonText, 'es', commonTextEs);
register(loginText, 'es', loginTextEs);
register(shellText, 'es', shellTextEs);
register(homeText, 'es', homeTextEs);
register(overviewText, 'es', overviewTextEs);
register(passkeyText, 'es', passkeyTextEs);
// billing
register(billingText, 'es', billingTextEs);
register(billingScreenText, 'es', billingScreenTextEs);
// shared components
register(uiText, 'es', uiTextEs);
// the navigation
register(navText, 'es', navTextEs);
// domains and hosting
register(domainText, 'es', domainTextEs);
register(hostingText, 'es', hostingTextEs);
// the second factor
register(secondFactorText, 'es', secondFactorTextEs);
// mail and tools
register(mailText, 'es', mailTextEs);
register(mailScreenText, 'es', mailScreenTextEs);
register(toolsText, 'es', toolsTextEs);
register(toolsScreenText, 'es', toolsScreenTextEs);
// customer mails
register(customerMailText, 'es', customerMailTextEs);
register(resetMailText, 'es', resetMailTextEs);
register(accountNoticeText, 'es', accountNoticeTextEs);
