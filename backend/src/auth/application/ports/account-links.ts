/** Where the app's pages are, for links in account mails (PUBLIC_URL). */
export class AccountLinks {
  constructor(private readonly publicUrl: string) {}

  /** The page that confirms a new contact address with the mailed token. */
  contactEmailConfirmUrl(token: string): string {
    const url = new URL('/account/contact-email', this.publicUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }

  /** Settings → Security of the creator's workspace. */
  securityUrl(): string {
    return new URL('/creator/settings#security', this.publicUrl).toString();
  }
}
