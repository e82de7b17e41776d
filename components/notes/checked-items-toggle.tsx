"use client";

import { useSyncExternalStore } from "react";
import { ListChecksIcon } from "@/components/ui/icons";

import { Button } from "@/components/ui/button";
import { deviceSetting } from "@/lib/device-setting";
import {
  CHECKED_DOWN_KEY,
  checkedItemsDown,
  setCheckedItemsDown,
} from "@/lib/notes/checklist-preference";

const setting = deviceSetting(CHECKED_DOWN_KEY);

/** This device's choice: checklist items ticked off move below the ones still to do. */
export function CheckedItemsToggle() {
  const on = useSyncExternalStore(
    setting.subscribe,
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
        setting.changed();
      }}
    >
      <ListChecksIcon aria-hidden="true" />
      <span className="sr-only">Move checked items down</span>
    </Button>
  );
}
