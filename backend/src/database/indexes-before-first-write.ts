/**
 * Builds a collection's indexes once, before the first write that relies on them (ADR 0013):
 * unique indexes are what keep records unique, so no insert goes without them. Concurrent
 * callers share one build; a failed build is forgotten, so the next write tries again.
 */
export class IndexesBeforeFirstWrite {
  private ready: Promise<void> | undefined;

  constructor(private readonly build: () => Promise<unknown>) {}

  ensure(): Promise<void> {
    this.ready ??= this.build().then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }
}
