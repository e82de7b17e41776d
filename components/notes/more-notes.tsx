"use client";

import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";

type Props = { loading: boolean; disabled?: boolean; onMore: () => void };

/**
 * Under a list with older notes to come: they load when it scrolls into view, or on a press; not
 * while the list is busy with something that changes it.
 */
export function MoreNotes({ loading, disabled = false, onMore }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = button.current;
    if (!target || disabled) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    });
    seen.observe(target);
    return () => seen.disconnect();
  }, [disabled, onMore]);
  return (
    <div className="px-2 pb-3">
      <Button
        ref={button}
        variant="ghost"
        className="w-full text-muted-foreground"
        aria-busy={loading || undefined}
        disabled={disabled}
        onClick={onMore}
      >
        {loading ? "Loading older notes…" : "Show older notes"}
      </Button>
    </div>
  );
}
