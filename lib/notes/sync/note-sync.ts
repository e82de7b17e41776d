import * as Y from "yjs";

import {
  StaleCompactionError,
  TransientError,
  type NoteStore,
  type NoteTransport,
  type SaveState,
} from "@/lib/notes/sync/types";

/** Origin of updates that came from elsewhere: they are applied, never sent back out. */
export const REMOTE = Symbol("remote");

/** What a page shows of a note's text: its title, the start of its body and, once derived, its tags. */
export type ShownNoteText = { title: string; body: string; tags?: string[] };

/** One text to compare what was last shown with; tags only once told (the server's text has none). */
const shownKey = ({ title, body, tags }: ShownNoteText) =>
  tags ? `${title}\n${body}\n#${tags.join(" #")}` : `${title}\n${body}`;

export interface NoteSyncOptions {
  /**
   * Title and body as the database will keep them, from the document (with onText), and the tags
   * the server will read from it: a tag typed anywhere in the note is text the page is told of.
   */
  derive?: (doc: Y.Doc) => ShownNoteText;
  /**
   * The text changed, for what this page shows of it (the list) before the server says so. The
   * server writes the stored text itself, from the stored document.
   */
  onText?: (text: ShownNoteText) => void;
  onState?: (state: SaveState, message?: string) => void;
  /**
   * How long changes made while the channel was not joined yet are kept for it: a device that
   * already had the note open loaded it before they were stored, and hears them only this way.
   */
  keepUnsentMs?: number;
  now?: () => number;
  /** Merge pending updates into notes.ydoc once this many rows pile up. */
  compactAfter?: number;
  textDelayMs?: number;
  retryMs?: (attempt: number) => number;
  /** A viewer's device (see setReadOnly). */
  readOnly?: boolean;
  /**
   * At most one store every this many milliseconds while the person types: the first change after
   * a pause is stored at once, those that follow within the window go together at its end. 0 (the
   * default) stores as soon as the previous store is answered.
   */
  storeEveryMs?: number;
}

/**
 * The window a note's editor stores in. Each store writes a row, brings the note's text, search
 * and history up to it and tells the person's open pages: typing a key every 50 ms stored a change
 * for about four keys in five. In one window it is one store per ten keys, at most 120 a minute.
 * Nothing waits on it: other devices hear each key at once on the note's channel, and the device's
 * own copy keeps every change (see device-writes.ts).
 */
export const STORE_EVERY_MS = 500;

const isEmptyUpdate = (u: Uint8Array) => u.length <= 2 && u.every((b) => b === 0);

/**
 * Keeps one note's Y.Doc in step with the database and the note's other open devices. Every
 * local change is appended to note_updates (retried until it is stored) and broadcast; catchUp()
 * loads what is stored and stores whatever this device has that the database lacks, so a device
 * that was offline or closed converges on reconnect with nothing lost. The stored title and body
 * are the server's to write, from the stored document, whenever an update is stored.
 */
export class NoteSync {
  private pending: Uint8Array[] = [];
  /** Pending updates the other devices have not been sent (made offline, or found by catchUp). */
  private unsent = false;
  private knownIds = new Set<number>();
  private baseVersion = 0;
  private flushing: Promise<void> | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private storeTimer: ReturnType<typeof setTimeout> | null = null;
  private lastStoreAt = -Infinity;
  private textTimer: ReturnType<typeof setTimeout> | null = null;
  private lastChangeAt = 0;
  private shownText: string | null = null;
  private state: SaveState = "saved";
  private stopped = false;
  private readOnly: boolean;
  /** Recent changes made with no channel to send them on (see setTransport). */
  private untold: { at: number; update: Uint8Array }[] = [];
  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    this.scheduleText();
    if (origin === REMOTE || this.readOnly) return;
    this.pending.push(update);
    this.tell(update);
    this.storeSoon();
  };

  constructor(
    readonly doc: Y.Doc,
    private readonly store: NoteStore,
    private transport: NoteTransport | null,
    private readonly options: NoteSyncOptions,
  ) {
    this.readOnly = options.readOnly ?? false;
    doc.on("update", this.onUpdate);
  }

  /**
   * A viewer's device stores and sends nothing: its document may still change here (the editor
   * tidies what it shows, such as an emptied paragraph), and the server would refuse it. Made an
   * editor, it catches up, so what it changed meanwhile is stored before anything typed after it.
   */
  setReadOnly(readOnly: boolean): void {
    if (readOnly === this.readOnly) return;
    this.readOnly = readOnly;
    if (!readOnly) void this.catchUp().catch(() => this.retryLater());
  }

  /**
   * The channel to the note's other open devices, once joined. What was typed in the few seconds
   * before (a person starts typing as soon as the note shows, before its channel is joined) goes
   * on it first: the devices already there loaded the note before it was stored, and nothing else
   * tells them. Yjs applies an update once however often it comes.
   */
  setTransport(transport: NoteTransport | null): void {
    this.transport = transport;
    if (!transport) return;
    this.forgetUntold();
    const recent = this.untold.map((u) => u.update);
    this.untold = [];
    if (recent.length > 0) transport.send(recent.length === 1 ? recent[0] : Y.mergeUpdates(recent));
  }

  private tell(update: Uint8Array): void {
    if (this.transport) return this.transport.send(update);
    this.untold.push({ at: this.now(), update });
    this.forgetUntold();
  }

  private forgetUntold(): void {
    const since = this.now() - (this.options.keepUnsentMs ?? 10_000);
    while (this.untold.length > 0 && this.untold[0].at < since) this.untold.shift();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** An update another device broadcast. */
  receive(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, REMOTE);
  }

  /** Loads the stored note into the document and stores what only this device has. */
  async catchUp(): Promise<void> {
    const stored = await this.store.load();
    const server = new Y.Doc();
    if (stored.ydoc.length > 0) Y.applyUpdate(server, stored.ydoc);
    for (const u of stored.updates) Y.applyUpdate(server, u.data);
    this.baseVersion = stored.version;
    this.knownIds = new Set(stored.updates.map((u) => u.id));
    Y.applyUpdate(this.doc, Y.encodeStateAsUpdate(server), REMOTE);
    const missing = Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(server));
    server.destroy();
    // Whatever is pending is part of `missing`; storing it once is enough. A viewer stores none.
    this.pending = isEmptyUpdate(missing) || this.readOnly ? [] : [missing];
    this.unsent = this.pending.length > 0;
    await this.flush();
  }

  /**
   * Gives a note written outside the editor (an import, the seed script: text but no document)
   * its first document, once. The state is stored by compaction from the version this device
   * loaded, so when several devices open the note at once only one state is kept; the others are
   * refused and load it, instead of each adding its own copy of the same text.
   */
  async seed(build: () => Uint8Array, text: { title: string; body: string }): Promise<void> {
    const empty = this.doc.store.clients.size === 0 && this.pending.length === 0;
    if (!empty || this.knownIds.size > 0 || this.stopped) return;
    const state = build();
    try {
      this.baseVersion = await this.store.compact(state, this.baseVersion, []);
    } catch (err) {
      if (err instanceof StaleCompactionError) return this.catchUp();
      // Unreachable now (or refused, to a viewer): show the text and store it as an edit later. A
      // second copy, should another device seed meanwhile, can be deleted; a note that opens empty
      // invites loss.
      Y.applyUpdate(this.doc, state);
      return;
    }
    this.shownText = `${text.title}\n${text.body}`;
    Y.applyUpdate(this.doc, state, REMOTE);
    this.tell(state);
  }

  /** Stores pending updates now; retries transient failures until they are stored. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.storeTimer) clearTimeout(this.storeTimer);
    this.storeTimer = null;
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
      // A stopped sync stores nothing more (its pending updates stay in the device's copy for the
      // next notes page to push); flushing again would only return at once, again and again.
      if (this.stopped) return;
      if (this.pending.length > 0) this.storeSoon();
    });
    return this.flushing;
  }

  /**
   * Stores pending changes at the end of the current window (see storeEveryMs), or at once when
   * the last store began longer ago. A store in flight calls this again when it is answered.
   */
  private storeSoon(): void {
    if (this.stopped || this.flushing || this.storeTimer || this.retryTimer) return;
    if (this.state === "error") return;
    const wait = this.lastStoreAt + (this.options.storeEveryMs ?? 0) - this.now();
    if (wait <= 0) {
      void this.flush();
      return;
    }
    // Saving from the first change: until stored, another tab would store it should this one close.
    if (this.state !== "saving") this.setState("saving");
    this.storeTimer = setTimeout(() => {
      this.storeTimer = null;
      void this.flush();
    }, wait);
  }

  private async flushOnce(): Promise<void> {
    if (this.stopped || this.pending.length === 0) {
      if (this.pending.length === 0) this.setState("saved");
      return;
    }
    const batch = this.pending;
    const unsent = this.unsent;
    this.pending = [];
    this.unsent = false;
    this.lastStoreAt = this.now();
    this.setState("saving");
    try {
      const merged = batch.length === 1 ? batch[0] : Y.mergeUpdates(batch);
      const id = await this.store.append(merged);
      this.knownIds.add(id);
      // Devices that missed the live broadcast hear it now that it is stored.
      if (unsent || this.attempt > 0) this.transport?.send(merged);
      this.attempt = 0;
      if (this.pending.length === 0) this.setState("saved");
    } catch (err) {
      this.pending = [...batch, ...this.pending];
      this.unsent ||= unsent;
      if (err instanceof TransientError) {
        this.setState("offline");
        this.retryLater();
      } else {
        this.setState("error", (err as Error).message);
      }
      return;
    }
    if (this.stopped) return;
    if (this.knownIds.size >= (this.options.compactAfter ?? 50)) await this.compact();
  }

  /** Retry now (the browser came back online, or the person asked to). */
  retry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.state === "error") this.state = "saving";
    void this.flush();
  }

  private retryLater(): void {
    if (this.retryTimer || this.stopped) return;
    const delay = (this.options.retryMs ?? ((n) => Math.min(30_000, 1000 * 2 ** n)))(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private async compact(): Promise<void> {
    const ids = [...this.knownIds];
    try {
      this.baseVersion = await this.store.compact(
        Y.encodeStateAsUpdate(this.doc),
        this.baseVersion,
        ids,
      );
      for (const id of ids) this.knownIds.delete(id);
    } catch (err) {
      // Someone else merged first: their state holds ours or our rows are still there; reload.
      // Not awaited: catchUp flushes, and this runs inside a flush.
      if (err instanceof StaleCompactionError)
        setTimeout(() => void this.catchUp().catch(() => {}));
    }
  }

  /**
   * Shows the text once changes pause for the text delay. One timer for the whole pause: a timer
   * cleared and set again on every key cost the typing more than the rest of this class.
   */
  private scheduleText(): void {
    if (!this.options.derive || !this.options.onText) return;
    const delay = this.options.textDelayMs ?? 800;
    this.lastChangeAt = Date.now();
    if (this.textTimer) return;
    const wait = (ms: number) => {
      this.textTimer = setTimeout(() => {
        const left = this.lastChangeAt + delay - Date.now();
        if (left > 0) return wait(left);
        this.showText();
      }, ms);
    };
    wait(delay);
  }

  /**
   * Tells the page now the text typed since it was last told, without waiting for typing to pause:
   * the note is being put away, or the page hidden or closed.
   */
  tellTextNow(): void {
    if (!this.textTimer) return;
    clearTimeout(this.textTimer);
    try {
      this.showText();
    } catch {
      // The editor the text is read from is already gone: the server tells the list instead.
      this.textTimer = null;
    }
  }

  /** Tells the page the text changed (the server stores it from the updates). */
  private showText(): void {
    this.textTimer = null;
    const text = this.options.derive!(this.doc);
    const key = shownKey(text);
    if (key === this.shownText || this.stopped) return;
    this.shownText = key;
    this.options.onText?.(text);
  }

  /** Marks text as already shown (the server rendered it), so opening a note announces nothing. */
  assumeShownText(text: { title: string; body: string }): void {
    this.shownText = shownKey(text);
  }

  /** Asks the server to write the note's text from what is stored; a failure waits for the next store. */
  deriveText(): Promise<void> {
    return this.store.derive().catch(() => {});
  }

  hasUnsavedChanges(): boolean {
    return this.pending.length > 0 || this.flushing !== null;
  }

  private setState(state: SaveState, message?: string): void {
    this.state = state;
    this.options.onState?.(state, message);
  }

  /** Stores what the store window holds now, if anything (the page goes to the background). */
  storeNow(): void {
    if (this.storeTimer) void this.flush();
  }

  destroy(): void {
    // What the window holds goes now: the page is leaving the note.
    this.storeNow();
    // So does the text typed last, for the list: it would otherwise be told only by the server,
    // and never while offline.
    this.tellTextNow();
    this.stopped = true;
    this.doc.off("update", this.onUpdate);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.storeTimer) clearTimeout(this.storeTimer);
    if (this.textTimer) clearTimeout(this.textTimer);
  }
}
