import type { Command } from '../../cli/command.ts';
import { pwnedCommand } from '../../integrations/breach/index.ts';

/** `npm run portal -- ...` commands of the tools area. */
export const toolsCommands: Command[] = [
  {
    name: 'pwned',
    usage: 'pwned import PATH | pwned status        build or show the breached-password index',
    // The same index the API uses: PWNED_INDEX, else DATA_DIR/pwned/pwned.idx.
    run: (args, config) =>
      pwnedCommand(args, {
        dataDir: config.DATA_DIR,
        indexPath: config.PWNED_INDEX,
        stdout: process.stdout,
        stderr: process.stderr,
      }),
  },
];
