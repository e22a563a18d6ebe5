import { Injectable, Logger } from '@nestjs/common';
import { Seat } from '../domain/seat.js';
import {
  parseWaitlistApplication,
  type RawWaitlistApplication,
} from '../domain/waitlist-application.js';
import { newWaitlistEntry } from '../domain/waitlist-entry.js';
import { Clock } from '../../common/application/clock.js';
import { WaitlistRepository } from './ports/waitlist.repository.js';

export interface JoinWaitlistCommand extends RawWaitlistApplication {
  /** A form field hidden from people: only bots fill it in. */
  readonly honeypot?: string | undefined;
}

export interface JoinWaitlistResult {
  readonly entryId: string;
  readonly seat: Seat;
}

@Injectable()
export class JoinWaitlist {
  private readonly logger = new Logger(JoinWaitlist.name);

  constructor(
    private readonly entries: WaitlistRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Rejects with InvalidWaitlistApplicationError, PhoneAlreadyRegisteredError or
   * EmailAlreadyRegisteredError.
   */
  async execute(command: JoinWaitlistCommand): Promise<JoinWaitlistResult> {
    const application = parseWaitlistApplication(command);
    if (command.honeypot?.trim()) return this.answerBotWithoutStoring();
    const entry = newWaitlistEntry(this.entries.nextId(), application, this.clock.now());
    const seat = await this.entries.add(entry);
    return { entryId: entry.id, seat };
  }

  /** Looks like a success, so a bot learns nothing it could adapt to. */
  private async answerBotWithoutStoring(): Promise<JoinWaitlistResult> {
    this.logger.log('Discarded a waitlist submission that filled the honeypot field');
    const taken = await this.entries.countEntries();
    return { entryId: this.entries.nextId(), seat: Seat.of(taken + 1) };
  }
}
