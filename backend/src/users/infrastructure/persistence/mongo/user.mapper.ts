import type { User } from '../../../domain/user.js';
import type { UserRecord } from './user.schema.js';

/** The one place that knows the stored shape (and `_id`). */
export function toUser(record: UserRecord): User {
  return {
    id: record._id.toHexString(),
    googleId: record.googleId,
    email: record.email,
    displayName: record.chosenDisplayName ?? record.displayName,
    photoURL: record.photoURL,
    accountType: record.accountType,
    createdAt: record.createdAt,
    lastLoginAt: record.lastLoginAt,
  };
}
