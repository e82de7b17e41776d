import type { WebSocket } from "ws";
import type { Backend } from "../http";
import type { ChangeFeed } from "./changes";
import type { Channel } from "./channel";
import type { RealtimeConfig } from "./config";
import type { Hub } from "./hub";
import { join } from "./join";
import { decodeFrame, encodeFrame, MalformedFrame, type Frame, type Vsn } from "./protocol";
import { handleAccessToken, handleBroadcast, handlePresence } from "./messages";
import type { VerifiedToken } from "./tokens";

/** Phoenix closes a socket that has sent nothing (not even a heartbeat) for this long. */
export const IDLE_TIMEOUT_MS = 60_000;

/** One client WebSocket and the channels it joined. */
export class Connection {
  private channels = new Map<string, Channel>();
  private joins: number[] = [];
  private events: number[] = [];
  private idle: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly backend: Backend,
    readonly hub: Hub,
    readonly feed: ChangeFeed,
    readonly limits: RealtimeConfig,
    readonly apiKey: VerifiedToken,
  ) {
    ws.on("message", (data, isBinary) => {
      this.touch();
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
      // Frames are handled one after another, as a Phoenix channel process handles its mailbox.
      this.queue = this.queue
        .then(() => this.receive(buf, isBinary))
        .catch((err) => {
          backend.log(`realtime: ${(err as Error).stack ?? err}`);
        });
    });
    ws.on("close", () => this.dispose());
    ws.on("error", () => this.dispose());
    this.touch();
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.ws.terminate(), IDLE_TIMEOUT_MS);
    this.idle.unref();
  }

  sendRaw(data: string | Uint8Array): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(data);
  }

  reply(f: Frame, status: "ok" | "error", response: Record<string, unknown>): void {
    this.sendRaw(
      encodeFrame(this.vsn, {
        joinRef: f.joinRef,
        ref: f.ref,
        topic: f.topic,
        event: "phx_reply",
        payload: { status, response },
      }),
    );
  }

  private withinRate(times: number[], limit: number): boolean {
    const now = Date.now();
    while (times.length && now - times[0] >= 1000) times.shift();
    times.push(now);
    return times.length <= limit;
  }

  allowJoin(): boolean {
    return this.withinRate(this.joins, this.limits.maxJoinsPerSecond);
  }

  channelCount(): number {
    return this.channels.size;
  }

  addChannel(ch: Channel): void {
    this.channels.set(ch.topic, ch);
    this.hub.join(ch);
  }

  /** Leaves a channel; `notify` tells the client with phx_close, as a stopping channel does. */
  closeChannel(ch: Channel, notify: boolean): void {
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
    ch.dispose();
    this.hub.leave(ch);
    this.feed.listeners.delete(ch);
    if (notify)
      this.sendRaw(
        encodeFrame(this.vsn, {
          joinRef: ch.joinRef,
          ref: ch.joinRef,
          topic: ch.topic,
          event: "phx_close",
          payload: {},
        }),
      );
  }

  disconnect(): void {
    this.ws.close(1000);
  }

  private async receive(buf: Buffer, isBinary: boolean): Promise<void> {
    let f: Frame;
    try {
      f = decodeFrame(this.vsn, buf, isBinary);
    } catch (err) {
      if (!(err instanceof MalformedFrame)) throw err;
      // Phoenix cannot route a frame it cannot decode: the socket is closed with the reason.
      this.ws.close(1007, `Invalid message: ${err.message}`.slice(0, 120));
      return;
    }
    if (f.topic === "phoenix" && f.event === "heartbeat") return this.reply(f, "ok", {});
    const ch = this.channels.get(f.topic);
    if (f.event === "phx_join") {
      if (!f.topic.startsWith("realtime:"))
        return this.reply(f, "error", { reason: "unmatched topic" });
      // A second join of a joined topic replaces the first, as in Phoenix.
      if (ch) this.closeChannel(ch, false);
      return join(this, f);
    }
    if (!ch) return this.reply(f, "error", { reason: "unmatched topic" });
    if (f.event === "phx_leave") {
      this.reply(f, "ok", {});
      return this.closeChannel(ch, true);
    }
    if (!this.withinRate(this.events, this.limits.maxEventsPerSecond))
      return ch.shutdown("Too many messages per second");
    if (f.event === "access_token") return handleAccessToken(ch, f);
    if (f.event === "broadcast") return handleBroadcast(ch, f);
    if (f.event === "presence") return handlePresence(ch, f);
  }

  dispose(): void {
    if (this.idle) clearTimeout(this.idle);
    for (const ch of [...this.channels.values()]) this.closeChannel(ch, false);
  }
}
