import { createInterface } from 'node:readline';

/**
 * The password for `portal account create | set-password`, never from the command line: on a
 * terminal it is asked for twice without echo; otherwise it is the first line of standard input
 * (`portal account set-password bob < file`, or a pipe from a password manager).
 */
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine();
  const first = await ask('Password: ');
  const again = await ask('Again: ');
  if (first !== again) throw new Error('the two passwords differ');
  return first;
}

async function firstLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** A prompt whose answer is not echoed. */
function ask(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    let prompted = false;
    // readline's own echo, not in its types: replaced so the typed characters are not written.
    Reflect.set(rl, '_writeToOutput', (s: string) => {
      // The prompt itself is written once; the typed characters are not.
      if (!prompted) process.stderr.write(s);
      prompted = true;
    });
    rl.question(prompt, (answer) => {
      process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}
