/**
 * At most one message per window on average, with a few allowed at once: each send spends one of
 * `burst` credits, and a credit comes back every window. A send asked for while a credit is left
 * goes at once; one asked for when none is left waits for the next credit, and all asked for
 * meanwhile go as one. Over any span of time at most `burst + span / windowMs` messages go, so a
 * burst of keys goes out key by key, and only typing faster than one key a window for longer is
 * merged. With `burst` 1 this is a plain window: a send after a quiet spell goes at once, those
 * asked for within the window wait for its end. `send` says whether it sent anything, so only a
 * message that went spends a credit.
 */
export class SendWindow {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private credits: number;
  private countedAt: number;

  constructor(
    private readonly send: () => boolean,
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
    private readonly burst = 1,
  ) {
    this.credits = burst;
    this.countedAt = this.now();
  }

  /** Something is waiting to be sent. */
  request(): void {
    if (this.timer) return;
    this.earn();
    if (this.credits >= 1) this.run();
    else this.timer = setTimeout(() => this.run(), Math.ceil((1 - this.credits) * this.windowMs));
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

  /** Credits come back one per window, up to `burst`. */
  private earn(): void {
    const at = this.now();
    this.credits = Math.min(this.burst, this.credits + (at - this.countedAt) / this.windowMs);
    this.countedAt = at;
  }

  private run(): void {
    this.timer = null;
    if (!this.send()) return;
    this.earn();
    this.credits -= 1;
  }
}
