/** What a RepeatingTask runs, and how it reports a failed run. */
export interface RepeatingTaskOptions {
  /** One run; resolves with how long to wait before the next (0: at once). */
  readonly run: () => Promise<number>;
  /** A run rejected (usually the database is down): log it and say when to try again. */
  readonly onError: (error: unknown) => number;
  /** Its timers never keep the process alive (schedulers); workers leave this off. */
  readonly unref?: boolean;
}

/**
 * One job run again and again, one run at a time, in this process: the polling loop of the
 * outbox workers (mail, SMS) and of the periodic jobs (the sweep, retention). Each run says when
 * the next one is due; `wake()` brings it forward (after an enqueue in this process) without ever
 * starting a second run beside the first; `stop()` waits for the run in flight, so a clean stop
 * leaves no attempt in doubt. Claiming the work once across instances is the job's business (an
 * insert against a unique index), not this loop's.
 */
export class RepeatingTask {
  private active = false;
  private halted = false;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;
  private wakeRequested = false;

  constructor(private readonly options: RepeatingTaskOptions) {}

  /** Running: started and not stopped. */
  get running(): boolean {
    return this.active;
  }

  /** Stopped for good (maybe before it ever started: the app shut down first). */
  get stopped(): boolean {
    return this.halted;
  }

  /** Starts the loop, the first run after `firstDelayMs`; nothing once stopped or running. */
  start(firstDelayMs = 0): void {
    if (this.halted || this.active) return;
    this.active = true;
    this.scheduleNext(firstDelayMs);
  }

  /** Runs now instead of at the next due time (or right after the run in flight). */
  wake(): void {
    if (!this.active) return;
    if (this.pass) {
      this.wakeRequested = true;
      return;
    }
    this.scheduleNext(0);
  }

  /** Stops for good and waits for the run in flight. */
  async stop(): Promise<void> {
    this.active = false;
    this.halted = true;
    clearTimeout(this.timer);
    await this.pass;
  }

  private scheduleNext(delayMs: number): void {
    clearTimeout(this.timer);
    if (!this.active) return;
    this.timer = setTimeout(() => {
      const pass = this.options.run().then(
        (next) => next,
        (error: unknown) => this.options.onError(error),
      );
      this.pass = pass;
      void pass.then((nextDelayMs) => {
        this.pass = undefined;
        const delay = this.wakeRequested ? 0 : nextDelayMs;
        this.wakeRequested = false;
        this.scheduleNext(delay);
      });
    }, delayMs);
    if (this.options.unref) this.timer.unref();
  }
}
