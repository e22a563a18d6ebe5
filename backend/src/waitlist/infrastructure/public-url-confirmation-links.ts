import { ConfirmationLinks } from '../application/ports/confirmation-links.js';
import { PersonalPageLinks } from '../application/ports/personal-page-links.js';

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

/** The personal page and its links at PUBLIC_URL: /waitlist/me?token=…, /waitlist/me?change=… */
export class PublicUrlPersonalPageLinks extends PersonalPageLinks {
  constructor(private readonly publicUrl: string) {
    super();
  }

  personalPageUrl(token: string): string {
    return this.withToken('/waitlist/me', 'token', token);
  }

  requestPageUrl(): string {
    return new URL('/waitlist/me', this.publicUrl).toString();
  }

  emailChangeUrl(token: string): string {
    return this.withToken('/waitlist/me', 'change', token);
  }

  private withToken(path: string, parameter: string, token: string): string {
    const url = new URL(path, this.publicUrl);
    url.searchParams.set(parameter, token);
    return url.toString();
  }
}
