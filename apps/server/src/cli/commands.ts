import type { Config } from '../config.ts';
import { hostingCommands } from '../features/hosting/commands.ts';
import { toolsCommands } from '../features/tools/commands.ts';

/** Commands contributed by areas (pwned, logs ...): name, usage line and runner. */
export interface Command {
  name: string;
  usage: string;
  run(args: string[], config: Config): Promise<number>;
}

export const COMMANDS: Command[] = [...hostingCommands, ...toolsCommands];
