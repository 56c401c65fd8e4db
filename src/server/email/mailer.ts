import nodemailer from "nodemailer";

/** An image shown inside the HTML (`<img src="cid:...">`), base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  cid: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept by the dev outbox (empty when sending over SMTP). */
  readonly outbox: readonly (MailMessage & { sentAt: Date })[];
  close(): void;
}

const OUTBOX_LIMIT = 50;

/** Real e-mail over SMTP when `smtpUrl` is set; otherwise a dev outbox that logs each link. */
export function createMailer(options: { smtpUrl?: string; from: string; log: (line: string) => void }): Mailer {
  const outbox: (MailMessage & { sentAt: Date })[] = [];
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outbox,
      async send(message) {
        const { attachments, ...rest } = message;
        await transport.sendMail({
          from: options.from,
          ...rest,
          ...(attachments?.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  cid: a.cid,
                  content: Buffer.from(a.content, "base64"),
                })),
              }
            : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    outbox,
    async send(message) {
      outbox.push({ ...message, sentAt: new Date() });
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log(`[email] (sem SMTP_URL) para ${message.to}: "${message.subject}" ${links.join(" ")}`);
    },
    close: () => undefined,
  };
}
