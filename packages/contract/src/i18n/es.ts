/**
 * The Spanish catalogues: one line per area translated (docs/languages.md). The server imports it
 * at start; the web loads it as a chunk of its own, only on a page that shows Spanish.
 */
import { register } from './catalogue.ts';
import { commonText } from '../messages.ts';
import { commonTextEs } from '../messages.es.ts';
import { homeText, loginText, shellText } from '../shell/messages.ts';
import { homeTextEs, loginTextEs, shellTextEs } from '../shell/messages.es.ts';
import { passkeyText } from '../security/passkey-messages.ts';
import { passkeyTextEs } from '../security/passkey-messages.es.ts';

register(commonText, 'es', commonTextEs);
register(loginText, 'es', loginTextEs);
register(shellText, 'es', shellTextEs);
register(homeText, 'es', homeTextEs);
register(passkeyText, 'es', passkeyTextEs);

// mail and tools (h4)
import { mailScreenText, mailText } from '../mail/messages.ts';
import { mailScreenTextEs, mailTextEs } from '../mail/messages.es.ts';

register(mailText, 'es', mailTextEs);
register(mailScreenText, 'es', mailScreenTextEs);
import { toolsScreenText, toolsText } from '../tools/messages.ts';
import { toolsScreenTextEs, toolsTextEs } from '../tools/messages.es.ts';

register(toolsText, 'es', toolsTextEs);
register(toolsScreenText, 'es', toolsScreenTextEs);
