"use client";

import { useCallback, useEffect, useState } from "react";

import type { ActionState } from "@/lib/auth/action-state";

/** Seconds left before something may be asked for again (a mail, after a rate limit). */
export function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);

  return [Math.max(0, Math.ceil((until - now) / 1000)), start];
}

/**
 * The cooldown an action's answers ask for. Every answer that names one starts it afresh, even
 * when it names the same number of seconds as the last.
 */
export function useRetryCooldown(state: ActionState): number {
  const [cooldown, startCooldown] = useCooldown();
  useEffect(() => {
    if (state.retryAfter) startCooldown(state.retryAfter);
  }, [state, startCooldown]);
  return cooldown;
}
