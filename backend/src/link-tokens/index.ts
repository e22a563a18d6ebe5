/** Link tokens' wiring face: the Nest module (the Mongo adapter), and the contract. */
export * from './link-tokens.contract.js';
export { LinkTokensModule } from './link-tokens.module.js';
