import {
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
  type Awareness,
} from "y-protocols/awareness";

import { SendWindow } from "@/lib/notes/sync/send-window";

export const REMOTE_AWARENESS = "remote";

export interface AwarenessRelayOptions {
  /** At most one message per this many milliseconds; the latest state goes at the window's end. */
  windowMs?: number;
  now?: () => number;
}

/**
 * Carries this device's awareness (who it is, where its caret is) to the note's other open
 * devices, and theirs into this one. Sent only while another device is there, at most once per
 * window (a caret moving while typing costs at most 1000 / windowMs messages a second), and in
 * full whenever someone new arrives, so they see every caret at once.
 */
export class AwarenessRelay {
  private peers = 0;
  private dirty = false;
  private readonly window: SendWindow;
  private readonly onUpdate = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin === REMOTE_AWARENESS) return;
    const id = this.awareness.clientID;
    if (added.includes(id) || updated.includes(id) || removed.includes(id)) this.schedule();
  };

  constructor(
    private readonly awareness: Awareness,
    private readonly post: (update: Uint8Array) => void,
    options: AwarenessRelayOptions = {},
  ) {
    this.window = new SendWindow(() => this.flush(), options.windowMs ?? 100, options.now);
    awareness.on("update", this.onUpdate);
  }

  /** How many other devices have the note open; someone new hears this device's state. */
  setPeers(count: number): void {
    const more = count > this.peers;
    this.peers = count;
    if (count === 0) {
      // Alone: nothing to send, and nobody else's caret to show.
      const others = [...this.awareness.getStates().keys()].filter(
        (id) => id !== this.awareness.clientID,
      );
      if (others.length > 0) removeAwarenessStates(this.awareness, others, REMOTE_AWARENESS);
      return;
    }
    if (more) this.schedule();
  }

  /** An awareness update another device sent. */
  receive(update: Uint8Array): void {
    try {
      applyAwarenessUpdate(this.awareness, update, REMOTE_AWARENESS);
    } catch {
      // A message that is not an awareness update is ignored.
    }
  }

  /** Devices that left: their carets go. */
  forget(clients: number[]): void {
    const gone = clients.filter((id) => id !== this.awareness.clientID);
    if (gone.length > 0) removeAwarenessStates(this.awareness, gone, REMOTE_AWARENESS);
  }

  private schedule(): void {
    if (this.peers === 0) return;
    this.dirty = true;
    this.window.request();
  }

  private flush(): boolean {
    if (!this.dirty || this.peers === 0) return false;
    this.dirty = false;
    this.post(encodeAwarenessUpdate(this.awareness, [this.awareness.clientID]));
    return true;
  }

  /** Tells the others this device is gone (its caret goes at once), and stops. */
  close(): void {
    this.awareness.off("update", this.onUpdate);
    this.window.cancel();
    if (this.peers > 0 && this.awareness.getLocalState() !== null) {
      const state = this.awareness.getLocalState();
      this.awareness.setLocalState(null);
      this.post(encodeAwarenessUpdate(this.awareness, [this.awareness.clientID]));
      this.awareness.setLocalState(state);
    }
  }
}
