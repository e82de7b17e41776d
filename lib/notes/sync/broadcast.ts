import * as Y from "yjs";

import { SendWindow } from "@/lib/notes/sync/send-window";
import type { NoteTransport } from "@/lib/notes/sync/types";

export interface BroadcastOptions {
  /**
   * At most one message per this many milliseconds on average; once the burst is spent, what
   * comes meanwhile goes merged at the window's end.
   */
  windowMs?: number;
  /** How many messages may go at once, one per update, before the window holds them. */
  burst?: number;
  /** How long updates made alone are kept for a device that joins (it loaded what was stored). */
  keepAloneMs?: number;
  now?: () => number;
}

/**
 * The note's broadcast, sent only when another device of the person has the note open (Realtime
 * presence says who is there) and at most once per window on average while typing: each keystroke
 * goes at once, by itself, as long as the typing is no faster than one key a window, or is a short
 * burst (a word typed quickly); keys typed faster than that for longer (a key held down) go
 * together, merged, once per window. Typing then costs at most burst + 60,000 / windowMs messages
 * a minute, and typing alone costs none.
 *
 * Updates made alone are kept for a few seconds: a device that joins loads what is stored, and an
 * update still on its way to storage when it loaded reaches it when this device sees it arrive.
 * Yjs updates apply once however often they come, so sending one twice is harmless.
 */
export class NoteBroadcast implements NoteTransport {
  private peers = 0;
  private queued: Uint8Array[] = [];
  private alone: { at: number; update: Uint8Array }[] = [];
  private readonly window: SendWindow;
  private readonly keepAloneMs: number;
  private readonly now: () => number;

  constructor(
    private readonly post: (update: Uint8Array) => void,
    options: BroadcastOptions = {},
  ) {
    this.keepAloneMs = options.keepAloneMs ?? 10_000;
    this.now = options.now ?? (() => Date.now());
    this.window = new SendWindow(
      () => this.flush(),
      options.windowMs ?? 40,
      this.now,
      options.burst ?? 12,
    );
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
    this.window.request();
  }

  private flush(): boolean {
    if (this.queued.length === 0) return false;
    const batch = this.queued;
    this.queued = [];
    this.post(batch.length === 1 ? batch[0] : Y.mergeUpdates(batch));
    return true;
  }

  private forgetOld(): void {
    const since = this.now() - this.keepAloneMs;
    while (this.alone.length > 0 && this.alone[0].at < since) this.alone.shift();
  }

  /** Sends what is queued now (the channel is closing). */
  close(): void {
    this.window.flushNow();
  }
}
