import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { SessionStore } from './ports/session.store.js';

/** Ends a session: its refresh tokens stop refreshing and its access tokens stop working. */
@Injectable()
export class SignOut {
  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(sessionId: string): Promise<void> {
    await this.sessions.revokeSession(sessionId, this.clock.now());
  }
}
