import type { Database, Logger } from '@storefront/server-kit';
import type { Router } from 'express';
import nodemailer from 'nodemailer';
import { devMailboxRoutes } from './routes/dev-mailbox';

export interface Message {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (the confirmation link), kept apart for the dev mailbox. */
  link: string;
}

export interface Mailer {
  send(message: Message): Promise<void>;
  /** The page showing what was kept instead of sent: only a mailer that keeps messages has one. */
  page?: Router;
}

/** Real email over SMTP (SMTP_URL), e.g. smtps://user:pass@smtp.example.com:465. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/** Without SMTP, messages land in the dev mailbox table, shown at /dev/mailbox. */
export function devMailbox(db: Database, logger: Logger): Mailer {
  return {
    page: devMailboxRoutes(db),
    async send({ to, subject, text, link }) {
      await db.query('INSERT INTO dev_mailbox (to_email, subject, text_body, link) VALUES ($1, $2, $3, $4)', [
        to,
        subject,
        text,
        link,
      ]);
      logger.info({ to }, 'email stored in the development mailbox');
    },
  };
}
