"use client";

import { CloudOffIcon, TriangleAlertIcon, MonitorSmartphoneIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import type { SaveState } from "@/lib/notes/sync/types";

/**
 * Saving is quiet: while changes are saved, or being saved, nothing is shown or announced. The
 * live region speaks only when something is wrong (offline, the server refused a change), and says
 * that the change is kept on this device.
 */
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
  const wrong = state === "offline" || state === "error";
  const Icon = state === "offline" ? CloudOffIcon : TriangleAlertIcon;
  // With nothing to show it takes no room in the note's bar (its status is there for readers).
  const shown = wrong || elsewhere > 0;
  return (
    <div
      className={
        shown
          ? "flex min-h-8 flex-wrap items-center gap-x-3 gap-y-1 px-2 text-sm text-muted-foreground"
          : "contents"
      }
    >
      <span
        role="status"
        data-save-state={state}
        className={
          wrong
            ? "inline-flex items-center gap-1.5 rounded-md px-1.5 py-0.5 text-foreground"
            : "sr-only"
        }
      >
        {wrong && (
          <>
            <Icon
              aria-hidden="true"
              className={state === "error" ? "size-3.5 text-destructive" : "size-3.5"}
            />
            {state === "error" ? (
              `Not saved: ${message ?? "the server refused the change"}. It is kept on this device.`
            ) : (
              // In a narrow note bar (a phone), "Offline" alone, so the bar's buttons keep their
              // line; the rest is still read out (note-view.css).
              <span>
                Offline<span className="note-bar-label"> — changes kept on this device</span>
              </span>
            )}
          </>
        )}
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
