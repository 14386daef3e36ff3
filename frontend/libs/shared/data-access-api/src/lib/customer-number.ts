/** Spec §3 "Persisted browser storage": the existing customer's number survives the tab. */
export const CUSTOMER_NUMBER_KEY = 'customer_number';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the session on the server still knows the customer.
    return null;
  }
}

/** Keeps the stored number in step with the session's customer: set for an existing one, else removed. */
export function syncCustomerNumber(customerNo: string | undefined): void {
  const s = storage();
  if (!s) return;
  if (customerNo) s.setItem(CUSTOMER_NUMBER_KEY, customerNo);
  else s.removeItem(CUSTOMER_NUMBER_KEY);
}

export function storedCustomerNumber(): string | null {
  return storage()?.getItem(CUSTOMER_NUMBER_KEY) ?? null;
}
