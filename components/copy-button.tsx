"use client";

import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";

type CopyButtonProps = Omit<React.ComponentProps<typeof Button>, "onClick" | "value"> & {
  /** Text to copy. A value starting with "/" is copied as an absolute link on this site. */
  value: string;
  /** Toast shown after copying, e.g. "Link copied". */
  successMessage: string;
};

export function CopyButton({ value, successMessage, children, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    const text = value.startsWith("/") ? new URL(value, location.origin).href : value;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast.success(successMessage);
    } catch {
      // No clipboard (permission denied, insecure context): hand the text over in the toast.
      toast.error("Couldn't copy to the clipboard", { description: text });
    }
  }

  return (
    <Button type="button" onClick={copy} {...props}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {children}
    </Button>
  );
}
