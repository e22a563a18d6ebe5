import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../users/index.js';
import { UserDirectory } from '../application/ports/user-directory.js';

/** The creator's name and address, read from their account. */
@Injectable()
export class UsersUserDirectory extends UserDirectory {
  constructor(private readonly users: UserRepository) {
    super();
  }

  async find(userId: string): Promise<{ name: string; email: string } | undefined> {
    const user = await this.users.findById(userId);
    return user ? { name: user.displayName, email: user.email } : undefined;
  }
}
