/**
 * The Spanish catalogues: one line per area translated (docs/languages.md). The server imports it
 * at start; the web loads it as a chunk of its own, only on a page that shows Spanish.
 */
import { register } from './catalogue.ts';
import { commonText } from '../messages.ts';
import { commonTextEs } from '../messages.es.ts';
import { homeText, overviewText } from '../shell/home-messages.ts';
import { loginText, shellText } from '../shell/messages.ts';
import { pagesText } from '../shell/pages-messages.ts';
import { noticesText } from '../notices/messages.ts';
import { noticesTextEs } from '../notices/messages.es.ts';
import { staffSignInText } from '../staff-sign-in/refs.ts';
import { staffSignInTextEs } from '../staff-sign-in/refs.es.ts';
import { pagesTextEs } from '../shell/pages-messages.es.ts';
import { homeTextEs, overviewTextEs } from '../shell/home-messages.es.ts';
import { loginTextEs, shellTextEs } from '../shell/messages.es.ts';
import { passkeyText } from '../security/passkey-messages.ts';
import { passkeyTextEs } from '../security/passkey-messages.es.ts';
// billing
import { billingText } from '../billing/messages.ts';
import { billingTextEs } from '../billing/messages.es.ts';
import { billingScreenText } from '../billing/screen-messages.ts';
import { billingScreenTextEs } from '../billing/screen-messages.es.ts';
// the navigation
import { navText } from '../shell/nav-messages.ts';
import { navTextEs } from '../shell/nav-messages.es.ts';
// the second factor
import { secondFactorText } from '../security/second-factor-messages.ts';
import { secondFactorTextEs } from '../security/second-factor-messages.es.ts';
// shared components (apps/web/src/ui)
import { uiText } from '../ui/messages.ts';
import { uiTextEs } from '../ui/messages.es.ts';
// domains and hosting
import { domainText } from '../domains/messages.ts';
import { domainTextEs } from '../domains/messages.es.ts';
import { domainHelpText } from '../domains/help-messages.ts';
import { domainHelpTextEs } from '../domains/help-messages.es.ts';
import { domainScreenText } from '../domains/screen-messages.ts';
import { domainScreenTextEs } from '../domains/screen-messages.es.ts';
import { hostingText } from '../hosting/messages.ts';
import { hostingTextEs } from '../hosting/messages.es.ts';
// mail and tools
import { mailScreenText, mailText } from '../mail/messages.ts';
import { mailScreenTextEs, mailTextEs } from '../mail/messages.es.ts';
import { ToolText, toolsScreenText, toolsText } from '../tools/messages.ts';
import { ToolTextEs, toolsScreenTextEs, toolsTextEs } from '../tools/messages.es.ts';
// account
import { accountScreenText, accountText } from '../account/messages.ts';
import { accountScreenTextEs, accountTextEs } from '../account/messages.es.ts';
import { noticeText } from '../notifications/messages.ts';
import { noticeTextEs } from '../notifications/messages.es.ts';
import { apiTokenScreenText, apiTokenText } from '../api-tokens/messages.ts';
import { apiTokenScreenTextEs, apiTokenTextEs } from '../api-tokens/messages.es.ts';
import { mailAppPasswordScreenText, mailAppPasswordText } from '../mail-app-passwords/messages.ts';
import { mailAppPasswordScreenTextEs, mailAppPasswordTextEs } from '../mail-app-passwords/messages.es.ts';
// the Security screen
import { securityText } from '../security/messages.ts';
import { securityTextEs, signInMethodTextEs, signInResultTextEs } from '../security/messages.es.ts';
import { SIGN_IN_METHOD_TEXT, SIGN_IN_RESULT_TEXT } from '../security/sign-in-texts.ts';
import { ACTIVITY_SENTENCES, activityText } from '../security/activity.ts';
import { activitySentencesEs, activityTextEs } from '../security/activity.es.ts';
// customer mails: the reminders, the reset and account notices
import { accountNoticeText, customerMailText, resetMailText } from '../notifications/mails.ts';
import { accountNoticeTextEs, customerMailTextEs, resetMailTextEs } from '../notifications/mails.es.ts';
// admin
import { adminScreenText, adminText } from '../admin/messages.ts';
import { adminScreenTextEs, adminTextEs } from '../admin/messages.es.ts';
import { notices } from '../notifications/notices.ts';
import { noticesEs } from '../notifications/notices.es.ts';

register(commonText, 'es', commonTextEs);
register(loginText, 'es', loginTextEs);
register(shellText, 'es', shellTextEs);
register(pagesText, 'es', pagesTextEs);
register(noticesText, 'es', noticesTextEs);
register(staffSignInText, 'es', staffSignInTextEs);
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
register(domainHelpText, 'es', domainHelpTextEs);
register(domainScreenText, 'es', domainScreenTextEs);
register(hostingText, 'es', hostingTextEs);
// the second factor
register(secondFactorText, 'es', secondFactorTextEs);
// mail and tools
register(mailText, 'es', mailTextEs);
register(mailScreenText, 'es', mailScreenTextEs);
register(toolsText, 'es', toolsTextEs);
register(toolsScreenText, 'es', toolsScreenTextEs);
register(ToolText, 'es', ToolTextEs);
// account
register(accountText, 'es', accountTextEs);
register(accountScreenText, 'es', accountScreenTextEs);
register(noticeText, 'es', noticeTextEs);
register(apiTokenText, 'es', apiTokenTextEs);
register(apiTokenScreenText, 'es', apiTokenScreenTextEs);
register(mailAppPasswordText, 'es', mailAppPasswordTextEs);
register(mailAppPasswordScreenText, 'es', mailAppPasswordScreenTextEs);
// the Security screen
register(securityText, 'es', securityTextEs);
register(SIGN_IN_METHOD_TEXT, 'es', signInMethodTextEs);
register(SIGN_IN_RESULT_TEXT, 'es', signInResultTextEs);
register(ACTIVITY_SENTENCES, 'es', activitySentencesEs);
register(activityText, 'es', activityTextEs);
// customer mails
register(resetMailText, 'es', resetMailTextEs);
register(accountNoticeText, 'es', accountNoticeTextEs);
register(customerMailText, 'es', customerMailTextEs);
// admin
register(adminText, 'es', adminTextEs);
register(adminScreenText, 'es', adminScreenTextEs);
register(notices, 'es', noticesEs);
