/** Support's contract face: the account erasure's step for support requests (#41). */
export { SupportRequestErasure } from './application/ports/support-request-erasure.js';
