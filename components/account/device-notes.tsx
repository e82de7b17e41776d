"use client";

import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { toast } from "sonner";

import { ConfirmButton } from "@/components/notes/confirm-button";
import { deviceSetting } from "@/lib/device-setting";
import { formatBytes } from "@/lib/format-bytes";
import { keepNotesWithinLimit } from "@/lib/notes/offline/device-limit";
import {
  KEEP_CHOICES,
  KEEP_NOTES_KEY,
  keptNotesLimit,
  setKeptNotesLimit,
  type KeepChoice,
} from "@/lib/notes/offline/keep-setting";
import { notesOnDevice } from "@/lib/notes/offline/list-store";

const choiceLabel = (choice: KeepChoice) =>
  choice === null ? "Every note opened here" : `${choice.toLocaleString("en-US")} notes`;

const notesWord = (count: number) =>
  count === 1 ? "1 note" : `${count.toLocaleString("en-US")} notes`;

/** How many notes' documents are on this device, and how much room the app takes here. */
async function measureDevice(userId: string) {
  const [onDevice, estimate] = await Promise.all([
    notesOnDevice(userId).catch(() => new Set<string>()),
    navigator.storage?.estimate?.().catch(() => null) ?? Promise.resolve(null),
  ]);
  return { count: onDevice.size, usage: estimate?.usage ?? null };
}

const setting = deviceSetting(KEEP_NOTES_KEY);

/**
 * What this device keeps to open notes with no network, and how much of it: how many notes'
 * documents are here and how much room the app takes, the most it keeps (the most recently opened
 * past that go), and a way to let go of them all.
 */
export function DeviceNotes({ userId }: { userId: string }) {
  const selectId = useId();
  // The device's choice; unknown until the page runs in the browser.
  const limit = useSyncExternalStore<KeepChoice | undefined>(
    setting.subscribe,
    () => keptNotesLimit(window.localStorage),
    () => undefined,
  );
  // How much is here, read again after each change (`read`).
  const [measured, setMeasured] = useState<{ count: number; usage: number | null } | null>(null);
  const [read, setRead] = useState(0);
  const [busy, setBusy] = useState(false);
  const count = measured?.count ?? null;
  const usage = measured?.usage ?? null;

  useEffect(() => {
    let live = true;
    void measureDevice(userId).then((next) => {
      if (live) setMeasured(next);
    });
    return () => {
      live = false;
    };
  }, [userId, read]);

  async function letGo(to: number | null, done: (removed: number, kept: number) => string) {
    setBusy(true);
    try {
      const { removed, kept } = await keepNotesWithinLimit(userId, to);
      setRead((n) => n + 1);
      toast.success(done(removed, kept));
    } catch {
      toast.error("This device's notes could not be read. Reload the page and try again.");
    } finally {
      setBusy(false);
    }
  }

  function choose(value: string) {
    const next = KEEP_CHOICES.find((choice) => String(choice) === value) ?? null;
    setKeptNotesLimit(localStorage, next);
    setting.changed();
    const keeps =
      next === null
        ? "This device keeps every note you open"
        : `This device keeps the ${notesWord(next)} you opened most recently`;
    void letGo(next, (removed) =>
      removed > 0 ? `${keeps}: ${notesWord(removed)} went.` : `${keeps}.`,
    );
  }

  return (
    <div className="grid gap-4">
      <p aria-live="polite" data-testid="device-notes">
        {count === null
          ? "Counting the notes kept on this device…"
          : `${count === 1 ? "1 note is" : `${notesWord(count)} are`} kept on this device to open without a connection.` +
            (usage !== null ? ` The app takes ${formatBytes(usage)} here in all.` : "")}
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          Keep on this device
        </label>
        <select
          id={selectId}
          className="h-9 w-full max-w-xs rounded-md border bg-background px-2 text-sm"
          value={limit === undefined ? "" : String(limit)}
          disabled={limit === undefined || busy}
          onChange={(e) => choose(e.target.value)}
          aria-describedby={`${selectId}-help`}
        >
          {limit === undefined && <option value="">…</option>}
          {KEEP_CHOICES.map((choice) => (
            <option key={String(choice)} value={String(choice)}>
              {choiceLabel(choice)}
            </option>
          ))}
        </select>
        <p id={`${selectId}-help`} className="text-sm text-muted-foreground">
          The notes you opened most recently. Notes with changes waiting to sync and notes open now
          always stay. Every note&rsquo;s title, folder and tags are kept too, so all of them are
          listed offline.
        </p>
      </div>
      <div>
        <ConfirmButton
          variant="outline"
          disabled={busy || count === 0}
          title="Remove notes from this device?"
          description="They stay in your account and open again from the server when you are online. Notes with changes waiting to sync and notes open now stay."
          confirmLabel="Remove"
          onConfirm={() =>
            void letGo(0, (removed, kept) =>
              kept > 0
                ? `Removed ${notesWord(removed)} from this device. ${notesWord(kept)} stayed: changes waiting to sync, or open now.`
                : `Removed ${notesWord(removed)} from this device.`,
            )
          }
        >
          Remove notes from this device
        </ConfirmButton>
      </div>
    </div>
  );
}
