/** The read-model kit (#38): see read-model-store.ts for what it is and why. */
export * from './read-model-store.js';
export * from './keyed-range.js';
export * from './opaque-cursor.js';
export * from './journaled-follower.js';
