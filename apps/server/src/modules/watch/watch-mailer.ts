import { WATCH_MESSAGES } from '@fineprint/contracts';
import nodemailer from 'nodemailer';
import type { FactChange } from './watch.repository';
import { changeLines } from './watch.service';

/** Sends the e-mail of a watched site's change to each consenting subscriber (SMTP_URL set). */
export interface WatchMailer {
  sendChange(input: { to: string; site: string; change: { facts: FactChange[]; documents: string[] } }): Promise<void>;
  close(): void;
}

/** A nodemailer SMTP transport to `smtpUrl` (smtp:// or smtps://, credentials in the URL); one message per subscriber. */
export function createWatchMailer(options: { smtpUrl: string; from: string }): WatchMailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async sendChange({ to, site, change }) {
      const lines = [WATCH_MESSAGES.mailIntro(site), '', ...changeLines(change), '', ...change.documents, '', WATCH_MESSAGES.mailFooter];
      await transport.sendMail({ from: options.from, to, subject: WATCH_MESSAGES.mailSubject(site), text: lines.join('\n') });
    },
    close() {
      transport.close();
    },
  };
}
