import { createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal SMTP receiver on loopback for the fault tests (no smtp-server package here): enough
 * of RFC 5321 for nodemailer — greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT — with
 * switchable failures. It can be closed and opened again on the same port.
 */
export type SinkMode =
  /** Accepts every message. */
  | 'accept'
  /** Answers the greeting with 421 (service not available) and hangs up. */
  | 'greet-421'
  /** Takes the whole message, then answers 451 (temporary failure): not accepted. */
  | 'data-451'
  /** Takes the whole message, then drops the connection before answering: the sender cannot know. */
  | 'data-drop';

export interface Received {
  messageId: string;
  subject: string;
  to: string[];
  /** What the sink answered after DATA. */
  outcome: 'accepted' | 'rejected' | 'dropped';
}

export class SmtpSink {
  mode: SinkMode = 'accept';
  /** How long the sink takes to answer a message (a slow relay); 0 answers at once. */
  delayMs = 0;
  readonly received: Received[] = [];
  /** Connections made, including refused-by-greeting ones. */
  connections = 0;
  private server: Server | undefined;
  private sockets = new Set<Socket>();

  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }

  get accepted(): Received[] {
    return this.received.filter((r) => r.outcome === 'accepted');
  }

  open(): Promise<void> {
    const server = createServer((socket) => this.session(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.connections++;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    if (this.mode === 'greet-421') {
      reply('421 4.3.2 fault.test Service not available, closing transmission channel');
      socket.end();
      return;
    }
    reply('220 fault.test ESMTP fault sink');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let rcpt: string[] = [];

    const endOfData = () => {
      const headers: Record<string, string> = {};
      for (const line of data) {
        if (line === '') break;
        const [, name, value] = line.match(/^([A-Za-z-]+):\s*(.*)$/) ?? [];
        if (name !== undefined && value !== undefined) headers[name.toLowerCase()] = value;
      }
      const mode = this.mode;
      const outcome = mode === 'data-451' ? 'rejected' : mode === 'data-drop' ? 'dropped' : 'accepted';
      this.received.push({
        messageId: headers['message-id'] ?? '',
        subject: headers.subject ?? '',
        to: rcpt,
        outcome,
      });
      data = [];
      rcpt = [];
      if (outcome === 'dropped') {
        socket.destroy();
        return;
      }
      const answer = outcome === 'rejected' ? '451 4.3.0 fault.test try again later' : '250 2.0.0 OK queued';
      if (this.delayMs > 0) setTimeout(() => reply(answer), this.delayMs);
      else reply(answer);
    };

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i = buffer.indexOf('\r\n');
      while (i >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        i = buffer.indexOf('\r\n');
        if (socket.destroyed) return;
        if (inData) {
          if (line === '.') {
            inData = false;
            endOfData();
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-fault.test');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 fault.test');
        else if (verb === 'MAIL') {
          rcpt = [];
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          rcpt.push(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          rcpt = [];
          reply('250 2.0.0 OK');
        } else if (verb === 'NOOP') reply('250 2.0.0 OK');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  }
}
