/**
 * A count that is expensive to take (FerretDB scans every entry to count them: about 0.1 ms of
 * CPU each) and read far more often than it changes: taken at most once per `freshForMs`,
 * concurrent readers share one count in flight, and what this process adds meanwhile is added to
 * it. While a new count is taken, readers get the last one if it is younger than ten windows;
 * only without one do they wait. What other processes add shows within about `freshForMs`.
 */
const STALE_WINDOWS = 10;

export class RecentCount {
  private last: { value: number; takenAt: number } | undefined;
  private counting: Promise<number> | undefined;

  constructor(
    private readonly take: () => Promise<number>,
    private readonly freshForMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<number> {
    if (this.last && this.now() - this.last.takenAt < this.freshForMs) {
      return Promise.resolve(this.last.value);
    }
    const counting = (this.counting ??= this.takeCount().finally(() => {
      this.counting = undefined;
    }));
    if (this.last && this.now() - this.last.takenAt < this.freshForMs * STALE_WINDOWS) {
      counting.catch(() => undefined); // a reader after the failure counts again
      return Promise.resolve(this.last.value);
    }
    return counting;
  }

  /** This process stored one more. */
  increment(): void {
    if (this.last) this.last = { ...this.last, value: this.last.value + 1 };
  }

  private async takeCount(): Promise<number> {
    const takenAt = this.now();
    const value = await this.take();
    this.last = { value, takenAt };
    return value;
  }
}
