"use client";

import {
  CloudOffIcon,
  CheckIcon,
  LoaderIcon,
  TriangleAlertIcon,
  MonitorSmartphoneIcon,
} from "lucide-react";

import { Button } from "@/components/ui/button";
import type { SaveState } from "@/lib/notes/sync/types";

const WORDS: Record<Exclude<SaveState, "error">, string> = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline — changes kept on this device",
};

/** The quiet autosave line, and where else this note is open. */
export function SaveStatus({
  state,
  message,
  elsewhere,
  onRetry,
}: {
  state: SaveState;
  message?: string;
  elsewhere: number;
  onRetry: () => void;
}) {
  const Icon =
    state === "saved"
      ? CheckIcon
      : state === "saving"
        ? LoaderIcon
        : state === "offline"
          ? CloudOffIcon
          : TriangleAlertIcon;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 text-sm text-muted-foreground">
      <span role="status" data-save-state={state} className="inline-flex items-center gap-1.5">
        <Icon aria-hidden="true" className="size-3.5" />
        {state === "error"
          ? `Not saved: ${message ?? "the server refused the change"}. It is kept on this device.`
          : WORDS[state]}
      </span>
      {state === "error" && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
      {elsewhere > 0 && (
        <span className="inline-flex items-center gap-1.5" data-presence>
          <MonitorSmartphoneIcon aria-hidden="true" className="size-3.5" />
          {elsewhere === 1
            ? "Also open on another device"
            : `Also open on ${elsewhere} other devices`}
        </span>
      )}
    </div>
  );
}
