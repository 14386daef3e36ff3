import { displayChars, validateDomainInput } from '@hostcart/shared-util-domain-search';

/** Domain search input rules of spec §5; returns a message key (with params) or undefined. */
export interface DomainSearchError {
  key: string;
  params?: Record<string, string>;
}

/**
 * The search bar checks input with the same rules and message keys as the domain service and the
 * lookup (one implementation in @hostcart/shared-util-domain-search).
 */
export function validateDomainSearch(raw: string): DomainSearchError | undefined {
  const problem = validateDomainInput(raw);
  if (!problem) return undefined;
  return problem.chars ? { key: problem.key, params: { chars: displayChars(problem.chars) } } : { key: problem.key };
}
