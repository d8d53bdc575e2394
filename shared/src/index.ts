// @metrology/shared: the contracts between the shell and the sections. A federation singleton.
export * from './types/entities.js';
export type * from './types/api.js';
export * from './rules/constants.js';
export * from './rules/price.js';
export * from './rules/cart.js';
export * from './rules/cart-cookie.js';
export * from './rules/email-address.js';
export * from './rules/validation.js';
export * from './rules/password-policy.js';
export * from './config/runtime-config.js';
export * from './api/errors.js';
export * from './api/base-api.js';
export * from './api/request-id.js';
export * from './api/product-endpoints.js';
export * from './api/cart-endpoints.js';
export * from './api/data-list.js';
export * from './store/auth-slice.js';
export * from './store/cart-slice.js';
export * from './store/geo-slice.js';
export * from './store/ui-slice.js';
export * from './store/root-reducer.js';
export * from './store/create-store.js';
export * from './store/cart-thunks.js';
export * from './store/hooks.js';
export * from './store/notify.js';
export * from './ui/spinner.js';
export * from './ui/hydrate-when-visible.js';
export * from './ui/hydration-boundary.js';
export * from './ui/skeleton.js';
export * from './ui/navigation-bridge.js';
export * from './ui/toast-action.js';
export * from './ui/price.js';
export * from './ui/product-image.js';
export * from './ui/shop-providers.js';
export * from './ui/session-start.js';
export * from './ui/page-head.js';
export * from './ui/page-title.js';
export * from './ui/titled-toast.js';
export * from './ui/dialog.js';
export * from './ui/load-error.js';
export * from './ui/product-url.js';
export * from './ui/product-card.js';
export * from './ui/use-form.js';
export * from './ui/use-dom-form.js';
// A field that keeps its own text and follows a value kept elsewhere (the URL, the store), and whether a field was
// changed before its code was live: values live in the page, for fields outside a form's submit too.
export * from './ui/use-field-following.js';
export * from './ui/close-button.js';
export * from './ui/login-prompt.js';
export * from './ui/select.js';
export * from './ui/fact-list.js';
// Not here, so that the first load does not carry them: Tabs and QuantityStepper ('@metrology/shared/controls', a
// singleton of its own) and the password rule with its list of common passwords ('@metrology/shared/password').
