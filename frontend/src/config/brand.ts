const name = 'Paylock';

/** The one place the product's name and pitch are defined (index.html reads them at build time). */
export const brand = {
  name,
  tagline: `${name} it, Don't Chase it`,
  description: `${name}: milestone-based payments, legal contracts and guaranteed, upfront payouts for content creators. No chasing brands for money.`,
} as const;
