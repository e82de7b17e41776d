/**
 * Runs `run` for a burst of cues at a bounded cost: one run at a time, and every cue heard while
 * one runs folds into a single run after it. However many cues arrive, a burst costs at most two
 * runs; a cue after the last run has finished starts a new one.
 */
export function coalesce(run: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const go = async () => {
    running = true;
    try {
      do {
        again = false;
        try {
          await run();
        } catch {
          // A failed run is one less answer, not a stuck reader: the next cue tries again.
        }
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void go();
  };
}
