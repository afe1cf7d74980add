import nodemailer from 'nodemailer';
import type { Db } from '../db';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One line for the operator's console when mail goes to the outbox (the code and the link). */
  summary: string;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
};

export const defaultMailFrom = 'Data Quality Portal <no-reply@portal.localhost>';

/**
 * SMTP when smtpUrl is given (smtp://host:port, smtps://user:pass@host). Without it, mail is kept
 * in the outbox table and a line is printed, so the operator of the embedded demo can read codes.
 */
export function createMailer(options: {
  smtpUrl?: string | null;
  from?: string;
  db: Db;
  log?: (line: string) => void;
}): Mailer {
  const from = options.from ?? defaultMailFrom;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
      async close() {
        transport.close();
      },
    };
  }
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    async send(mail) {
      await options.db
        .insertInto('outbox')
        .values({
          from_address: from,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at: Math.floor(Date.now() / 1000),
        })
        .execute();
      log(`[outbox] to ${mail.to}: ${mail.subject}. ${mail.summary}`);
    },
    async close() {},
  };
}
