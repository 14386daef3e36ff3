/** What spec §4 "Resume after session restore" looks at. */
export interface ResumeState {
  cartEmpty: boolean;
  /** A notification is showing (the restore explained something: a removed item, a moved promotion). */
  notified: boolean;
  addressKnown: boolean;
  paymentChosen: boolean;
}

/**
 * Where a restored session continues (spec §4): an empty cart or a notification goes to the cart;
 * with a known address to confirm when a payment is chosen, else to payment; otherwise to the
 * address.
 */
export function resumeTarget(s: ResumeState): 'cart' | 'confirm' | 'payment' | 'address' {
  if (s.cartEmpty || s.notified) return 'cart';
  if (s.addressKnown) return s.paymentChosen ? 'confirm' : 'payment';
  return 'address';
}
