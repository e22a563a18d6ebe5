/**
 * Runs asynchronous tasks one at a time, in the order they were queued.
 *
 * When a task fails with an error that `isOutage` recognises, the tasks already waiting behind it
 * fail at once with that same error instead of each waiting out the outage in turn (a queue of n
 * would otherwise answer its last caller after n server-selection timeouts). Tasks queued after
 * that failure run normally, so the first of them finds out whether the outage is over.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private outages = 0;
  private lastOutageError: unknown;

  constructor(private readonly isOutage: (error: unknown) => boolean) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    const outagesWhenQueued = this.outages;
    const result = this.tail.then(async () => {
      if (this.outages !== outagesWhenQueued) throw this.lastOutageError;
      try {
        return await task();
      } catch (error) {
        if (this.isOutage(error)) {
          this.outages += 1;
          this.lastOutageError = error;
        }
        throw error;
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }
}
