import * as Y from "yjs";

import type { NoteTransport } from "@/lib/notes/sync/types";

export interface BroadcastOptions {
  /** At most one message per this many milliseconds; what comes meanwhile goes merged at its end. */
  windowMs?: number;
  /** How long updates made alone are kept for a device that joins (it loaded what was stored). */
  keepAloneMs?: number;
  now?: () => number;
}

/**
 * The note's broadcast, sent only when another device of the person has the note open (Realtime
 * presence says who is there) and at most once per window while typing: the first keystroke after
 * a pause goes at once, those that follow within the window go together, merged, at its end. Steady
 * typing then costs at most 60,000 / windowMs messages a minute, and typing alone costs none.
 *
 * Updates made alone are kept for a few seconds: a device that joins loads what is stored, and an
 * update still on its way to storage when it loaded reaches it when this device sees it arrive.
 * Yjs updates apply once however often they come, so sending one twice is harmless.
 */
export class NoteBroadcast implements NoteTransport {
  private peers = 0;
  private queued: Uint8Array[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = -Infinity;
  private alone: { at: number; update: Uint8Array }[] = [];
  private readonly windowMs: number;
  private readonly keepAloneMs: number;
  private readonly now: () => number;

  constructor(
    private readonly post: (update: Uint8Array) => void,
    options: BroadcastOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 40;
    this.keepAloneMs = options.keepAloneMs ?? 10_000;
    this.now = options.now ?? (() => Date.now());
  }

  /** How many other devices have the note open. */
  setPeers(count: number): void {
    const joined = this.peers === 0 && count > 0;
    this.peers = count;
    if (!joined) return;
    this.forgetOld();
    const recent = this.alone.map((a) => a.update);
    this.alone = [];
    if (recent.length > 0) this.send(Y.mergeUpdates(recent));
  }

  send(update: Uint8Array): void {
    if (this.peers === 0) {
      this.alone.push({ at: this.now(), update });
      this.forgetOld();
      return;
    }
    this.queued.push(update);
    if (this.timer) return;
    const wait = this.lastSent + this.windowMs - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = null;
    if (this.queued.length === 0) return;
    const batch = this.queued;
    this.queued = [];
    this.lastSent = this.now();
    this.post(batch.length === 1 ? batch[0] : Y.mergeUpdates(batch));
  }

  private forgetOld(): void {
    const since = this.now() - this.keepAloneMs;
    while (this.alone.length > 0 && this.alone[0].at < since) this.alone.shift();
  }

  /** Sends what is queued now (the channel is closing). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.flush();
  }
}
