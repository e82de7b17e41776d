"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

import { paletteKey } from "@/lib/palette/keys";
import { rememberNote } from "@/lib/palette/recent";
import { importWhenOnline } from "@/lib/when-online";

const NOTE_PATH = /^\/notes\/([0-9a-f-]{36})$/;

const CommandPalette = dynamic(
  () =>
    importWhenOnline(() => import("@/components/palette/command-palette")).then(
      (m) => m.CommandPalette,
    ),
  { ssr: false },
);

/**
 * The palette's keys on every signed-in page. Its code is not part of any page's first load: it
 * is fetched once the page is idle, and shown at the first Ctrl/⌘-K or `?`, which it opens with.
 */
export function PaletteLauncher({ userId }: { userId: string }) {
  const [start, setStart] = useState<"palette" | "shortcuts" | null>(null);
  const noteId = NOTE_PATH.exec(usePathname())?.[1] ?? null;

  // A note opened is a recent note on this device, however it was opened, palette loaded or not.
  useEffect(() => {
    if (noteId) rememberNote(userId, { id: noteId });
  }, [noteId, userId]);

  useEffect(() => {
    if (start) return;
    function onKeyDown(event: KeyboardEvent) {
      const asked = paletteKey(event);
      if (!asked) return;
      event.preventDefault();
      setStart(asked);
    }
    // Capture: the editor must not take Ctrl/Cmd-K first.
    window.addEventListener("keydown", onKeyDown, true);
    const warm = window.requestIdleCallback?.(
      () => void import("@/components/palette/command-palette"),
    );
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      if (warm !== undefined) window.cancelIdleCallback(warm);
    };
  }, [start]);

  return start ? <CommandPalette userId={userId} start={start} /> : null;
}
