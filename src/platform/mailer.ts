import nodemailer, { type Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Mail = { to: string; subject: string; html: string; text: string; replyTo?: string };
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail is written as an .eml file
 * under data/outbox so a developer can open it.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.resolve(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.subject.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
