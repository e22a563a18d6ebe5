const countFormat = new Intl.NumberFormat('en-IN');

/**
 * A count as people in India read it ("1,000", "1,00,000"), with the same digits on the
 * prerendered page and in the browser. The app's one number formatter.
 */
export const formatCount = (count: number): string => countFormat.format(count);
