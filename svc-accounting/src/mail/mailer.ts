import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';

/** How long a sending may take in all, each wait bounded: a server that does not answer is an error, never a hang. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export interface MailMessage {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  attachments: { filename: string; content: Uint8Array; contentType: string }[];
}

/**
 * Issue 46: e-mail through the SMTP server in SMTP_URL (`smtp://user:password@host:587`, `smtps://...:465`), with
 * nodemailer. Without it, nothing is sent and the screens say e-mail is not set up. The URL holds a password: it is
 * never logged nor answered.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor() {
    const url = process.env.SMTP_URL?.trim();
    this.transport = url ? this.open(url) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Sends `message`; the server's refusal or silence as an Error whose message says why (no secret in it). */
  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: message.attachments.map(({ filename, content, contentType }) => ({ filename, content: Buffer.from(content), contentType })),
    });
  }

  onModuleDestroy() {
    this.transport?.close();
  }

  private open(url: string): Transporter | null {
    try {
      return nodemailer.createTransport({ url, ...TIMEOUTS });
    } catch {
      // The message could echo the URL, password included: only that it could not be read.
      this.logger.error('SMTP_URL could not be read as an smtp:// or smtps:// URL: e-mail stays off');
      return null;
    }
  }
}
