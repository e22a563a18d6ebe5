import { ConfirmationLinks } from '../application/ports/confirmation-links.js';

/** The app's confirmation page at PUBLIC_URL: /waitlist/confirm?token=… */
export class PublicUrlConfirmationLinks extends ConfirmationLinks {
  constructor(private readonly publicUrl: string) {
    super();
  }

  urlFor(token: string): string {
    const url = new URL('/waitlist/confirm', this.publicUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }
}
