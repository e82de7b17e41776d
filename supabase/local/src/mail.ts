import { randomUUID } from "node:crypto";

export interface MailMessage {
  id: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  createdAt: string;
}

export type OutgoingMail = Pick<MailMessage, "to" | "subject" | "html" | "text">;

/** Where every message the auth server would send goes instead of the internet. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailMessage>;
  list(): Promise<MailMessage[]>;
}

export class MemoryMailer implements Mailer {
  private readonly messages: MailMessage[] = [];

  async send(mail: OutgoingMail): Promise<MailMessage> {
    const message = { ...mail, id: randomUUID(), createdAt: new Date().toISOString() };
    this.messages.push(message);
    return message;
  }

  async list(): Promise<MailMessage[]> {
    return [...this.messages].reverse();
  }
}
