/** Where a confirmation link points: the app's confirmation page, carrying the token. */
export abstract class ConfirmationLinks {
  abstract urlFor(token: string): string;
}
