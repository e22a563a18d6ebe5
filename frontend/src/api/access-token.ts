/**
 * The access token lives in memory only (never localStorage): a page reload drops it and the
 * start-up refresh, driven by the httpOnly refresh cookie, obtains a new one.
 */
let accessToken: string | null = null;

export const getAccessToken = (): string | null => accessToken;

export const setAccessToken = (token: string | null): void => {
  accessToken = token;
};
