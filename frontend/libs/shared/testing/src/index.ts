// Test fixtures shared by the libraries' specs (never imported by library code: eslint refuses it
// outside *.spec.* and test-utils files).
export { LocationDisplay, renderWithApp, shownLocation } from './lib/render';
export type { RenderWithAppOptions } from './lib/render';
export { apiError, installFetch, json } from './lib/http';
export type { SeenRequest } from './lib/http';
export { additionalField, catalogProduct, maturity } from './lib/catalog';
export { cartPresentation, linePresentation, linePrice } from './lib/pricing';
