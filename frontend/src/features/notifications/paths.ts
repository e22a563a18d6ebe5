/** The creator's notifications pages (the brand workspace shows the bell's panel only). */
export const notificationPaths = {
  list: '/creator/notifications',
  preferences: '/creator/notifications/preferences',
} as const;
