import type { ComponentProps } from "react";
import { SearchIcon } from "@/components/ui/icons";

import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/**
 * The notes list's search field ("/" puts the caret in it): Escape empties it, and the down arrow
 * goes on to the first note listed.
 */
export function SearchField({
  value,
  onValue,
  label,
  className,
  ...props
}: Omit<ComponentProps<"input">, "value" | "onChange"> & {
  value: string;
  onValue: (value: string) => void;
  label: string;
}) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        {...props}
        id="note-search"
        type="search"
        aria-label={label}
        aria-keyshortcuts="/"
        placeholder="Search  ( / )"
        autoComplete="off"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onValue("");
          if (e.key === "ArrowDown") {
            e.preventDefault();
            document.querySelector<HTMLElement>("[data-note-link]")?.focus();
          }
        }}
        className="pl-8"
        maxLength={200}
      />
    </div>
  );
}
