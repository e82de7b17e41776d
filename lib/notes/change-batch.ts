/**
 * Hands items over together: the first starts a window of `ms`, and every item that arrives in it
 * is delivered at its end, in order. A note's change comes in a message of its own; thousands at
 * once (an import, the Trash emptied on another device) then make one update of what the page
 * shows every window, not one each.
 */
export function batched<T>(deliver: (items: T[]) => void, ms = 50) {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (items.length === 0) return;
    const all = items;
    items = [];
    deliver(all);
  };
  return {
    push(item: T): void {
      items.push(item);
      timer ??= setTimeout(flush, ms);
    },
    /** Delivers what waits now, without waiting for the window's end. */
    flush,
    /** Drops what waits (the page stops listening). */
    cancel(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      items = [];
    },
  };
}
