// A real SMTP server on a loopback port for the mail tests: it parses what it receives, and can refuse the first
// messages (a server that is down or over quota) before accepting.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Caught {
  messageId: string;
  to: string;
  /** The envelope's recipients (RCPT TO), which is where the message really goes. */
  rcpt: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  url: string;
  received: Caught[];
  /** How many more DATA commands to refuse with 451 (a temporary failure). */
  refuse: number;
  /** How many were refused so far. */
  refused: number;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { received: [] as Caught[], refuse: 0, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (state.refuse > 0) {
        state.refuse -= 1;
        state.refused += 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          state.received.push({
            messageId: mail.messageId ?? '',
            rcpt: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            to: mail.to
              ? [mail.to]
                  .flat()
                  .map((address) => address.text)
                  .join(', ')
              : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
