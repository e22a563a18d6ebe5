import { Injectable } from '@nestjs/common';

/**
 * Work a request starts and does not wait for (an e-mail queued after a 202 answer, invited
 * entries marked after the wave is answered). Registering it lets a clean stop, and tests, wait
 * until nothing started so far is still running: `whenIdle` is the "settled" signal the HTTP
 * tests await instead of sleeping before they assert that something did not happen.
 */
@Injectable()
export class BackgroundWork {
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Registers work already started; its outcome is the caller's (it is never rethrown here). */
  track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
  }

  get idle(): boolean {
    return this.inFlight.size === 0;
  }

  /** Resolves once no registered work is running, including work registered meanwhile. */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
