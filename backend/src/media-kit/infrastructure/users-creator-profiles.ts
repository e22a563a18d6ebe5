import { Injectable } from '@nestjs/common';
import { AccountPhotoUrls } from '../../profile-photos/profile-photos.contract.js';
import { UserRepository } from '../../users/index.js';
import { type CreatorProfile, CreatorProfiles } from '../application/ports/creator-profiles.js';

/**
 * The creator's name and photo from their account (the photo they uploaded, else Google's);
 * none once the account is gone.
 */
@Injectable()
export class UsersCreatorProfiles extends CreatorProfiles {
  constructor(
    private readonly users: UserRepository,
    private readonly photos: AccountPhotoUrls,
  ) {
    super();
  }

  async find(creatorId: string): Promise<CreatorProfile | undefined> {
    const user = await this.users.findById(creatorId);
    if (!user) return undefined;
    const uploaded = await this.photos.urlOf(creatorId);
    return { displayName: user.displayName, photoUrl: uploaded ?? user.photoURL };
  }
}
