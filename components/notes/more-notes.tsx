"use client";

import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";

/** Under a list with older notes to come: they load when it scrolls into view, or on a press. */
export function MoreNotes({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = button.current;
    if (!target) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    });
    seen.observe(target);
    return () => seen.disconnect();
  }, [onMore]);
  return (
    <div className="px-2 pb-3">
      <Button
        ref={button}
        variant="ghost"
        className="w-full text-muted-foreground"
        aria-busy={loading || undefined}
        onClick={onMore}
      >
        {loading ? "Loading older notes…" : "Show older notes"}
      </Button>
    </div>
  );
}
