/** Account data's wiring face: its Nest module (it offers no contract to other features). */
export { AccountDataModule } from './account-data.module.js';
