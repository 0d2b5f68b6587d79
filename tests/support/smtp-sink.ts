import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type SinkMail = { to: string[]; from: string; raw: string; subject: string; body: string };

// Quoted-printable is how nodemailer encodes our text and HTML parts; undo it so tests can read them.
const decodeQuotedPrintable = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** A real SMTP server in the test process; every accepted mail is kept. */
export async function startSmtpSink(opts: { failFirst?: number; delayMs?: number } = {}) {
  const mails: SinkMail[] = [];
  let toFail = opts.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        if (toFail > 0) {
          toFail--;
          return callback(Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A header of a mail as sent (folded lines joined), or null. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The text/plain part of a mail, decoded: what a mail client shows as plain text. */
export function mailTextPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /^Content-Type: text\/plain/im.test(p));
  if (!part) throw new Error('the mail has no text/plain part');
  return decodeQuotedPrintable(
    part
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n\n'),
  ).trim();
}
