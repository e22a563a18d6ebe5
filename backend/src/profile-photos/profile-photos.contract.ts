/**
 * Profile photos' contract face, for other features: the account's photo address (media kit) and
 * its removal (account erasure).
 */
export { AccountPhotoUrls, RemoveProfilePhoto } from './application/profile-photos.use-case.js';
