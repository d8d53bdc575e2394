// @metrology/test-kit: one fake API, one product and one address factory, one render helper for every section's tests.
export * from './fake-api.js';
export * from './product.js';
export * from './address.js';
export * from './render.js';
export * from './browser.js';
