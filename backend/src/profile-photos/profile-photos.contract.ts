/** Profile photos' contract face: the account's photo address, for other features (media kit). */
export { AccountPhotoUrls } from './application/profile-photos.use-case.js';
