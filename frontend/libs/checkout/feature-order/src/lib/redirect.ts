/** Leaves the app for the card provider's 3-D Secure page or PayPal's approval (a module of its own so tests replace it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
