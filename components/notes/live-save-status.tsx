"use client";

import { useLayoutEffect, useRef, useSyncExternalStore } from "react";

import { SaveStatus } from "@/components/notes/save-status";
import type { SaveState } from "@/lib/notes/sync/types";

type Status = { state: SaveState; message?: string };

/** Saving and saved look alike: nothing is shown for either. */
const quiet = (state: SaveState) => state === "saving" || state === "saved";

/** The note's save state, read by the status alone. */
export class StatusStore {
  private value: Status = { state: "saved" };
  /** What the status shows: the same object while only saving and saved alternate. */
  private shown: Status = this.value;
  private readonly listeners = new Set<() => void>();
  readonly get = () => this.value;
  readonly getShown = () => this.shown;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly set = (next: Status) => {
    if (next.state === this.value.state && next.message === this.value.message) return;
    this.value = next;
    if (!quiet(next.state) || !quiet(this.shown.state)) this.shown = next;
    for (const listener of this.listeners) listener();
  };
}

/**
 * Saving and saved alternate with every keystroke and look the same, so they do not render the
 * status again: the status element's `data-save-state` is kept up to date here, and React renders
 * only when what is shown changes (offline, an error, back to quiet).
 */
export function LiveSaveStatus({
  status,
  ...rest
}: { status: StatusStore } & Omit<Parameters<typeof SaveStatus>[0], "state" | "message">) {
  const { state, message } = useSyncExternalStore(
    status.subscribe,
    status.getShown,
    status.getShown,
  );
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const write = () =>
      box.current
        ?.querySelector("[data-save-state]")
        ?.setAttribute("data-save-state", status.get().state);
    write();
    return status.subscribe(write);
  });
  return (
    <div ref={box} className="contents">
      <SaveStatus state={state} message={message} {...rest} />
    </div>
  );
}
