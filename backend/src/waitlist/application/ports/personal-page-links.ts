/** Where the links of the personal page point: the app's pages, carrying a token. */
export abstract class PersonalPageLinks {
  /** The personal page, opened with a 'personal-link' token. */
  abstract personalPageUrl(token: string): string;

  /** The page where anyone asks for a personal link (no token). */
  abstract requestPageUrl(): string;

  /** The page confirming a new e-mail address, with an 'email-change' token. */
  abstract emailChangeUrl(token: string): string;
}
