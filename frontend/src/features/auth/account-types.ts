/** The account types the register screen offers. */
export const ACCOUNT_TYPES = [
  { value: 'influencer', label: 'Influencer', description: 'individual content creators' },
  { value: 'brand', label: 'Brand', description: 'talent management companies' },
] as const;

export type AccountType = (typeof ACCOUNT_TYPES)[number]['value'];
