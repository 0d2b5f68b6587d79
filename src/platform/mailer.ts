import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A file sent with an e-mail (a gift card's printable PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};
export type Mailer = { send(mail: Mail): Promise<void>; close(): void };
export type Sender = { name: string; address: string };

/**
 * Who every mail is from: the shop's name (SITE_NAME) at MAIL_FROM's address. MAIL_FROM may be a
 * bare address or "Name <address>"; a name written there is not used, so the shop's name is set in
 * one place and a renamed shop never mails under its old name.
 */
export function mailSender(mailFrom: string, siteName: string): Sender {
  const address = addressparser(mailFrom, { flatten: true }).find((a) => a.address.includes('@'))?.address;
  if (!address) throw new Error(`MAIL_FROM holds no e-mail address: "${mailFrom}"`);
  return { name: siteName.replace(/[\r\n]+/g, ' ').trim(), address };
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail is written as an .eml file
 * under data/outbox so a developer can open it.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  siteName: string;
  dataDir: string;
}): Mailer {
  const from = mailSender(opts.from, opts.siteName);
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ ...mail, from });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.resolve(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transport.sendMail({ ...mail, from });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.subject.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
