import { retryableLazy } from '@/components/errors/retryable-lazy';

/**
 * The brand workspace's routes (/brand/*), a chunk of their own: brands never load the creator
 * pages, creators never load the brand's forms. The dashboard chunk, whose shell they share, loads
 * it (the error screen's 'Try again' loads it again after a failure).
 */
export const BrandWorkspace = retryableLazy(async () => ({
  default: (await import('.')).BrandRoutes,
}));
