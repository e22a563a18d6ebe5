import type { MediaKit, PlatformPresence } from '../../domain/media-kit.js';

/**
 * Where the public page's audience figures come from. A verified source (the platforms' APIs,
 * unreachable here) would return `source: 'verified'` figures; the shipped adapter returns what
 * the creator typed, marked self-reported with the date entered.
 */
export abstract class AudienceFigures {
  abstract presencesOf(kit: MediaKit): Promise<readonly PlatformPresence[]>;
}
