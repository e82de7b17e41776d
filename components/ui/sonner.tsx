"use client";

import type { CSSProperties } from "react";
import { useTheme } from "next-themes";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Follows the *resolved* theme, so "system" in a dark OS gives dark toasts. Every toast lasts
 * 5 s and can be closed; sonner announces them through a polite live region.
 */
function Toaster({ duration = 5000, closeButton = true, ...props }: ToasterProps) {
  const { resolvedTheme } = useTheme();
  const theme: ToasterProps["theme"] = resolvedTheme === "dark" ? "dark" : "light";

  return (
    <Sonner
      theme={theme}
      duration={duration}
      closeButton={closeButton}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
