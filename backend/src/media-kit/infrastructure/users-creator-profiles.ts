import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../users/index.js';
import { type CreatorProfile, CreatorProfiles } from '../application/ports/creator-profiles.js';

/** The creator's name and photo from their account; none once the account is gone. */
@Injectable()
export class UsersCreatorProfiles extends CreatorProfiles {
  constructor(private readonly users: UserRepository) {
    super();
  }

  async find(creatorId: string): Promise<CreatorProfile | undefined> {
    const user = await this.users.findById(creatorId);
    return user ? { displayName: user.displayName, photoUrl: user.photoURL } : undefined;
  }
}
