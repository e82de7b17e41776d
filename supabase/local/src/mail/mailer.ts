import { randomUUID } from "node:crypto";
import type { Database } from "../database/db";

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
  /** Newest first; with `to`, only messages to that address (case-insensitive). */
  list(to?: string): Promise<MailMessage[]>;
  get(id: string): Promise<MailMessage | null>;
  /** Waits until every message sent so far is stored. */
  flush?(): Promise<void>;
}

function newMessage(mail: OutgoingMail): MailMessage {
  return { ...mail, to: [...mail.to], id: randomUUID(), createdAt: new Date().toISOString() };
}

const addressedTo = (to: string | undefined) => (m: MailMessage) =>
  !to || m.to.some((address) => address.toLowerCase() === to.toLowerCase());

export class MemoryMailer implements Mailer {
  private readonly messages: MailMessage[] = [];

  async send(mail: OutgoingMail): Promise<MailMessage> {
    const message = newMessage(mail);
    this.messages.push(message);
    return message;
  }

  async list(to?: string): Promise<MailMessage[]> {
    return [...this.messages].reverse().filter(addressedTo(to));
  }

  async get(id: string): Promise<MailMessage | null> {
    return this.messages.find((m) => m.id === id) ?? null;
  }
}

interface InboxRow {
  id: string;
  recipients: string[];
  subject: string;
  html: string;
  text: string;
  created_at: string;
}

const fromRow = (r: InboxRow): MailMessage => ({
  id: r.id,
  to: r.recipients,
  subject: r.subject,
  html: r.html,
  text: r.text,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The inbox kept in `supabase_local.inbox` of the same database, so mail outlives restarts.
 * `send` never waits for the database: PGlite has one connection, and a caller may send from
 * inside its own transaction. Messages not yet written are served from memory meanwhile.
 */
export class DatabaseMailer implements Mailer {
  private readonly pending = new Map<string, MailMessage>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: (message: string) => void = () => {},
  ) {}

  async send(mail: OutgoingMail): Promise<MailMessage> {
    const message = newMessage(mail);
    this.pending.set(message.id, message);
    this.writes = this.writes.then(async () => {
      try {
        await this.db.query(
          "insert into supabase_local.inbox (id, recipients, subject, html, text, created_at) values ($1, $2, $3, $4, $5, $6)",
          [message.id, message.to, message.subject, message.html, message.text, message.createdAt],
        );
      } catch (err) {
        this.log(
          `inbox: could not store the message to ${message.to.join(", ")}: ${(err as Error).message}`,
        );
      } finally {
        this.pending.delete(message.id);
      }
    });
    return message;
  }

  async list(to?: string): Promise<MailMessage[]> {
    const waiting = [...this.pending.values()];
    const { rows } = await this.db.query<InboxRow>(
      `select id, recipients, subject, html, text, created_at from supabase_local.inbox
       where $1::text is null or exists (select 1 from unnest(recipients) r where lower(r) = lower($1))
       order by created_at desc, seq desc`,
      [to ?? null],
    );
    const waitingIds = new Set(waiting.map((m) => m.id));
    const stored = rows.map(fromRow).filter((m) => !waitingIds.has(m.id));
    return [...waiting.reverse().filter(addressedTo(to)), ...stored];
  }

  async get(id: string): Promise<MailMessage | null> {
    const waiting = this.pending.get(id);
    if (waiting) return waiting;
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const { rows } = await this.db.query<InboxRow>(
      "select id, recipients, subject, html, text, created_at from supabase_local.inbox where id = $1",
      [id],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  }

  flush(): Promise<void> {
    return this.writes;
  }
}
