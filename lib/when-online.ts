/**
 * Code a page loads after it is shown (the comments panel, the palette, the auth listener) comes
 * over the network. When that fetch fails because the connection dropped, failing the import would
 * take the whole page to its error screen, and what was on it with it. Instead the part waits: the
 * import is tried again once the browser says it is back online (or after a pause, when it says it
 * was online all along), a few times, and only then fails.
 */
export function importWhenOnline<T>(
  load: () => Promise<T>,
  { tries = 3, pauseMs = 2_000 }: { tries?: number; pauseMs?: number } = {},
): Promise<T> {
  return load().catch((error: unknown) => {
    if (tries <= 1) throw error;
    return backOnline(pauseMs).then(() => importWhenOnline(load, { tries: tries - 1, pauseMs }));
  });
}

function backOnline(pauseMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === "undefined" || navigator.onLine) {
      setTimeout(resolve, pauseMs);
      return;
    }
    window.addEventListener("online", () => resolve(), { once: true });
  });
}

/** True only when the browser says it has no connection (anywhere else, as on the server, false). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * Runs `read` now when the device is online; offline, no request is sent (it would fail) and
 * `read` runs once the connection returns. With `again`, it runs on every later return too, to
 * catch up on what changed while the device was away. Returns the way to stop waiting.
 */
export function readWhenOnline(read: () => void, { again = false } = {}): () => void {
  if (typeof window === "undefined") {
    read();
    return () => {};
  }
  let waiting = true;
  const back = () => {
    if (!waiting) return;
    if (!again) stop();
    read();
  };
  const stop = () => {
    waiting = false;
    window.removeEventListener("online", back);
  };
  window.addEventListener("online", back);
  if (!isOffline()) {
    if (!again) stop();
    read();
  }
  return stop;
}
