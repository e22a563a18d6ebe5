/** The media kit's contract face: the handle rules and the package → deal draft mapping. */
export { HANDLE_REDIRECT_DAYS, parseHandle, RESERVED_HANDLES } from './domain/handle.js';
export { dealDraftFromPackage, type PackageRequestTerms } from './domain/package-draft.js';
export type { RatePackage } from './domain/rate-package.js';
export { MediaKitErasure } from './application/ports/media-kit-erasure.js';
