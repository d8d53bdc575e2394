// The pure rules of the shop (no React, no store): safe to import from the API as well as the browser.
export * from './constants.js';
export * from './price.js';
export * from './cart.js';
export * from './cart-cookie.js';
export * from './email-address.js';
export * from './validation.js';
export * from './password-policy.js';
export * from './password.js';
export * from './html-escape.js';
