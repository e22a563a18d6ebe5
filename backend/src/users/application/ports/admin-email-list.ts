/** The addresses whose (provider-verified) accounts are admins: ADMIN_EMAILS in production. */
export abstract class AdminEmailList {
  /** `email` is lower-cased and trimmed. */
  abstract includes(email: string): boolean;
}
