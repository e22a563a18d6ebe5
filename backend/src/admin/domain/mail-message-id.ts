/** The outbox message ids the store hands out (UUIDs); anything else cannot exist. */
export const MAIL_MESSAGE_ID_PATTERN =
  '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const MAIL_MESSAGE_ID = new RegExp(MAIL_MESSAGE_ID_PATTERN);

export function isMailMessageId(value: string): boolean {
  return MAIL_MESSAGE_ID.test(value);
}
