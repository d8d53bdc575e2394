// @metrology/shared/contracts: the API's request and response schemas (TypeBox, i.e. JSON Schema with static
// types). The API validates with them; the bundles import only their types (`import type`), so no schema code
// reaches a browser.
export * from './common.js';
export * from './products.js';
export * from './cart.js';
export * from './addresses.js';
export * from './users.js';
export * from './orders.js';
export * from './enquiries.js';
export * from './careers.js';
export * from './content.js';
export * from './chat.js';
export * from './payments.js';
export * from './back-office.js';
export * from './contact.js';
export * from './release-model.js';
export * from './releases.js';
export * from './release-trends.js';
export * from './health.js';
export * from './accounts.js';
