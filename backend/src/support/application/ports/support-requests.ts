import type { NewSupportRequest, SupportRequest } from '../../domain/support-request.js';

export abstract class SupportRequests {
  abstract add(request: NewSupportRequest): Promise<SupportRequest>;
  /** The newest first, at most `limit`. */
  abstract latest(limit: number): Promise<SupportRequest[]>;
}
