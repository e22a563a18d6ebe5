import { Injectable } from '@nestjs/common';
import { AudienceFigures } from '../application/ports/audience-figures.js';
import type { MediaKit, PlatformPresence } from '../domain/media-kit.js';

/** The figures the creator typed, already marked self-reported with the date they were entered. */
@Injectable()
export class SelfReportedAudience extends AudienceFigures {
  presencesOf(kit: MediaKit): Promise<readonly PlatformPresence[]> {
    return Promise.resolve(kit.platforms);
  }
}
