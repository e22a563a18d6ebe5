import type { TrackRecord } from '../../../insights/insights.contract.js';
import type { KitContent, PlatformPresence } from '../../domain/media-kit.js';
import type { RatePackage } from '../../domain/rate-package.js';

/** The kit as its PDF shows it: what the public page shows, and the day it was printed. */
export interface KitDocument {
  readonly displayName: string;
  readonly handle: string | null;
  readonly kit: KitContent;
  readonly platforms: readonly PlatformPresence[];
  /** The published (visible) packages, in the creator's order. */
  readonly packages: readonly RatePackage[];
  readonly trackRecord: TrackRecord | null;
  /** The day in India, YYYY-MM-DD. */
  readonly printedOn: string;
}

/** Prints a kit as a PDF (adapter: the pdfmake printer every Paylock PDF uses). */
export abstract class KitPdfRenderer {
  abstract render(document: KitDocument): Promise<Uint8Array>;
}
