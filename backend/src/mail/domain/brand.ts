/** The product as the e-mails name it: one place, as in the frontend's config/brand. */
export const BRAND = {
  name: 'Paylock',
  tagline: "Paylock it, Don't Chase it",
  /** Who we are, in every footer. */
  about:
    'Paylock helps Indian content creators get paid: milestone payments, contracts and guaranteed payouts.',
} as const;
