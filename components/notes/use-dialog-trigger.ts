"use client";

import { useRef, useState } from "react";

/**
 * A button that opens a dialog whose code loads when the button is about to be used: the code is
 * fetched on hover or focus (`warm`), the dialog is rendered from the first click on (and stays,
 * so it can close with its animation), and the button says it opens a dialog and whether it is
 * open. Give `trigger` to the dialog, so focus returns to the button.
 */
export function useDialogTrigger(warm: () => void) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const button = {
    ref: trigger,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    onPointerEnter: warm,
    onFocus: warm,
    onClick: () => {
      setAsked(true);
      setOpen(true);
    },
  };
  return { open, setOpen, asked, trigger, button };
}
