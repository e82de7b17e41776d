"use client";

import dynamic from "next/dynamic";

import { useDialogTrigger } from "@/components/notes/use-dialog-trigger";
import { Button } from "@/components/ui/button";
import { importWhenOnline } from "@/lib/when-online";

// The dialog's code comes when the button is about to be used, not with the page.
const loadDialog = () => importWhenOnline(() => import("@/components/notes/confirm-dialog"));
const ConfirmDialog = dynamic(() => loadDialog().then((m) => m.ConfirmDialog), { ssr: false });
const warm = () => void loadDialog().catch(() => {});

type Props = Omit<React.ComponentProps<typeof Button>, "onClick"> & {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/**
 * A button whose action cannot be undone asks first, as an alert dialog: Cancel holds the focus
 * (so Enter does no harm), Escape and clicks outside cancel, and focus returns to the button.
 */
export function ConfirmButton({ title, description, confirmLabel, onConfirm, ...button }: Props) {
  const dialog = useDialogTrigger(warm);
  return (
    <>
      <Button {...button} {...dialog.button} />
      {dialog.asked && (
        <ConfirmDialog
          open={dialog.open}
          onOpenChange={dialog.setOpen}
          title={title}
          description={description}
          confirmLabel={confirmLabel}
          onConfirm={onConfirm}
          returnFocusTo={dialog.trigger}
        />
      )}
    </>
  );
}
