// Test-only entry point (@hostcart/shared-i18n/testing): it imports both languages statically,
// which the shop's bundle must not (the main entry loads one language per chunk).
export * from './lib/bundled';
