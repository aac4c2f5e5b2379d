import { hostingCommands } from '../features/hosting/commands.ts';
import { toolsCommands } from '../features/tools/commands.ts';

import type { Command } from './command.ts';

export type { Command };

/** Commands contributed by areas (pwned, logs ...): name, usage line and runner. */
export const COMMANDS: Command[] = [...hostingCommands, ...toolsCommands];
