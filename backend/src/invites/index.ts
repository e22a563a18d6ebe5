/** Invites' wiring face: the Nest module and the invite errors' HTTP statuses, and the contract. */
export * from './invites.contract.js';
export { InvitesModule } from './invites.module.js';
export { INVITES_ERROR_STATUSES } from './presentation/invites.error-statuses.js';
