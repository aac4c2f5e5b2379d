import type { Config } from '../config.ts';

/** One command of `npm run portal -- <name> …`; each area lists its own in its commands.ts. */
export interface Command {
  name: string;
  usage: string;
  run(args: string[], config: Config): Promise<number>;
}
