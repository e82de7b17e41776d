"use client";

import { useSyncExternalStore } from "react";
import { ListChecksIcon } from "@/components/ui/icons";

import { Button } from "@/components/ui/button";
import {
  CHECKED_DOWN_KEY,
  checkedItemsDown,
  setCheckedItemsDown,
} from "@/lib/notes/checklist-preference";

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHECKED_DOWN_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** This device's choice: checklist items ticked off move below the ones still to do. */
export function CheckedItemsToggle() {
  const on = useSyncExternalStore(
    subscribe,
    () => checkedItemsDown(window.localStorage),
    () => false,
  );
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={on}
      title="Move checked items down"
      onClick={() => {
        setCheckedItemsDown(window.localStorage, !on);
        for (const listener of listeners) listener();
      }}
    >
      <ListChecksIcon aria-hidden="true" />
      <span className="sr-only">Move checked items down</span>
    </Button>
  );
}
