/**
 * At most one message per window: a send asked for after a quiet spell goes at once; those asked
 * for within the window wait for its end and go as one. `send` says whether it sent anything, so a
 * window only starts when something went.
 */
export class SendWindow {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent = -Infinity;

  constructor(
    private readonly send: () => boolean,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Something is waiting to be sent. */
  request(): void {
    if (this.timer) return;
    const wait = this.lastSent + this.windowMs - this.now();
    if (wait <= 0) this.run();
    else this.timer = setTimeout(() => this.run(), wait);
  }

  /** Sends what waits now, whatever the window (the channel is closing). */
  flushNow(): void {
    this.cancel();
    this.run();
  }

  /** Drops the pending send. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): void {
    this.timer = null;
    if (this.send()) this.lastSent = this.now();
  }
}
