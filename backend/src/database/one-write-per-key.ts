/**
 * Runs the writes given for one key one after another in this process (writes for other keys run
 * side by side). FerretDB 1.x applies an update as read-modify-write, so two `$inc` on one
 * document at once can lose one (measured: 6 concurrent view counts stored 4); MongoDB's `$inc`
 * is atomic. Serializing per key makes counters exact within an instance on both; across
 * instances on FerretDB an increment can still be lost (docs/development.md, the store's limits).
 */
export class OneWritePerKey {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, write: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(write, write);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
