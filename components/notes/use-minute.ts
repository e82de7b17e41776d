"use client";

import { useSyncExternalStore } from "react";

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** One timer for every subscriber, firing as each minute of the clock begins. */
function tick() {
  timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) timer = setTimeout(tick, MINUTE - (Date.now() % MINUTE));
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * The time now, to the minute: a component showing "3 minutes ago" renders again as each minute
 * begins, and otherwise only when its own data changes.
 */
export function useMinute(): number {
  return useSyncExternalStore(subscribe, currentMinute, currentMinute) * MINUTE;
}
