/** The reports' wiring face: the Nest module. */
export { ReportsModule } from './reports.module.js';
