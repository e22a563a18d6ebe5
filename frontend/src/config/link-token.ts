/**
 * What a link's token or an invite code looks like (the API's pattern): 43 URL-safe characters.
 * Anything else was cut short or mangled on the way and is not sent.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
