import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessageKey, firstFieldErrors } from '@hostcart/shared-data-access-api';

/**
 * Puts the server's first message per field at that field (spec §8 "customer save failures") and
 * answers the message for the form when no field took it (an outage, a rule without a field).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>): string | null {
  const byField = firstFieldErrors(error);
  let placed = false;
  for (const field of fields) {
    const key = byField[field];
    if (key) {
      setError(field, { type: 'server', message: key }, { shouldFocus: !placed });
      placed = true;
    }
  }
  if (placed) return null;
  return errorMessageKey(error as never);
}
