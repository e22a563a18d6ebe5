/** The creator's name and address for e-mails (adapter: the users module). */
export abstract class UserDirectory {
  abstract find(userId: string): Promise<{ name: string; email: string } | undefined>;
}
