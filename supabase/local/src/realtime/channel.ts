import { randomUUID } from "node:crypto";
import type { PgListener, PgSubscription } from "./changes";
import { roomOf, type Member } from "./hub";
import { encodeFrame } from "./protocol";
import type { Connection } from "./connection";
import { readPolicies, writePolicy, type AuthContext, type Extension } from "./policies";
import type { VerifiedToken } from "./tokens";

interface Policies {
  read: Record<Extension, boolean>;
  write: Partial<Record<Extension, boolean>>;
}

/** One joined topic on one socket. */
export class Channel implements Member, PgListener {
  readonly room: string;
  readonly subTopic: string;
  role: string;
  claims: VerifiedToken["claims"];
  policies: Policies | null = null;
  presenceKey: string;
  presenceEnabled: boolean;
  subscriptions: PgSubscription[] = [];
  private expiry: NodeJS.Timeout | null = null;
  private presenceCalls: number[] = [];
  closed = false;

  constructor(
    readonly conn: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly isPrivate: boolean,
    readonly selfBroadcast: boolean,
    readonly ackBroadcast: boolean,
    presence: { key?: unknown; enabled?: unknown },
    public token: VerifiedToken,
    public accessToken: string | null,
  ) {
    this.subTopic = topic.slice("realtime:".length);
    this.room = roomOf(this.subTopic, isPrivate);
    this.role = token.role;
    this.claims = token.claims;
    this.presenceKey =
      typeof presence.key === "string" && presence.key ? presence.key : randomUUID();
    this.presenceEnabled = presence.enabled === true;
  }

  get vsn() {
    return this.conn.vsn;
  }

  send(data: string | Uint8Array): void {
    this.conn.sendRaw(data);
  }

  readsBroadcast = () => !this.isPrivate || this.policies?.read.broadcast === true;
  readsPresence = () => !this.isPrivate || this.policies?.read.presence === true;

  authContext(): AuthContext {
    return { topic: this.subTopic, role: this.role, claims: this.claims };
  }

  /** Reads policies for a private channel; false when the caller may read nothing there. */
  async authorize(): Promise<boolean> {
    if (!this.isPrivate) return true;
    const exts: Extension[] = this.presenceEnabled ? ["broadcast", "presence"] : ["broadcast"];
    const read = await readPolicies(this.conn.backend.db, this.authContext(), exts);
    this.policies = { read, write: {} };
    return read.broadcast || read.presence;
  }

  async mayWrite(ext: Extension): Promise<boolean> {
    if (!this.isPrivate) return true;
    this.policies ??= { read: { broadcast: false, presence: false }, write: {} };
    this.policies.write[ext] ??= await writePolicy(this.conn.backend.db, this.authContext(), ext);
    return this.policies.write[ext] === true;
  }

  /** A push that belongs to this join (carries its join_ref). */
  push(event: string, payload: Record<string, unknown>): void {
    this.send(
      encodeFrame(this.vsn, {
        joinRef: this.joinRef,
        ref: null,
        topic: this.topic,
        event,
        payload,
      }),
    );
  }

  system(extension: string, status: "ok" | "error", message: string): void {
    this.push("system", { extension, status, message, channel: this.subTopic });
  }

  /** Closes the channel as Realtime's shutdown does: a system error, then phx_close. */
  shutdown(message: string): void {
    if (this.closed) return;
    this.system("system", "error", message);
    this.conn.closeChannel(this, true);
  }

  /** Re-arms the check that closes the channel when its token expires. */
  watchExpiry(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = null;
    if (this.token.exp === null) return;
    const ms = Math.max(0, this.token.exp * 1000 - Date.now());
    this.expiry = setTimeout(
      () => {
        const ago = Math.max(0, Math.floor(Date.now() / 1000) - (this.token.exp ?? 0));
        this.shutdown(`Token has expired ${ago} seconds ago`);
      },
      Math.min(ms, 2 ** 31 - 1),
    );
    this.expiry.unref();
  }

  /** Realtime lets a client track at most 5 times in 30 s. */
  presenceAllowed(): boolean {
    const now = Date.now();
    this.presenceCalls = this.presenceCalls.filter((t) => now - t < 30_000);
    this.presenceCalls.push(now);
    return this.presenceCalls.length <= 5;
  }

  dispose(): void {
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
  }
}
