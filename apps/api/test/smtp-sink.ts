/**
 * A real SMTP server (smtp-server) on a free local port for tests and benches that deliver mail
 * over SMTP: every message is parsed with mailparser and handed to `onMail`, with the addresses
 * of its envelope, before the 250 reply (from then on the sender may count it as delivered).
 */
import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpSink = { port: number; close: () => Promise<void> };

export function startSmtpSink(
  onMail: (mail: ParsedMail, envelopeTo: string[]) => void,
  opts: { disabledCommands?: string[] } = {},
): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    ...(opts.disabledCommands ? { disabledCommands: opts.disabledCommands } : {}),
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          onMail(
            mail,
            session.envelope.rcptTo.map((r) => r.address),
          );
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as net.AddressInfo;
      resolve({ port, close: () => new Promise<void>((r) => server.close(() => r())) });
    });
  });
}
