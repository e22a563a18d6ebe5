import type { SessionLifetimes as Lifetimes } from '../../domain/session.js';

/** The configured session lifetimes, as an injectable value. */
export class SessionLifetimes implements Lifetimes {
  constructor(
    readonly idleTimeoutMs: number,
    readonly absoluteLifetimeMs: number,
    readonly reuseGraceMs: number,
  ) {}
}
