import { Injectable } from '@nestjs/common';
import { ContactEmails, mailAddressOf, UserRepository } from '../../users/index.js';
import { UserDirectory } from '../application/ports/user-directory.js';

/** The creator's name and the address their notices go to (the contact e-mail they confirmed, #41). */
@Injectable()
export class UsersUserDirectory extends UserDirectory {
  constructor(
    private readonly users: UserRepository,
    private readonly contacts: ContactEmails,
  ) {
    super();
  }

  async find(userId: string): Promise<{ name: string; email: string } | undefined> {
    const user = await this.users.findById(userId);
    if (!user) return undefined;
    const contact = await this.contacts.find(userId);
    return { name: user.displayName, email: mailAddressOf(user.email, contact) ?? user.email };
  }
}
