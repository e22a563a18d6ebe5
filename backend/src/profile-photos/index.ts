/** Profile photos' wiring face: the Nest module. */
export { ProfilePhotosModule } from './profile-photos.module.js';
