// @metrology/shared/controls: the kit's controls that the first pages (home, product list) do not show: Tabs,
// QuantityStepper and EmailField. A federation singleton of its own (tools/federation/shared-deps.mjs), so its bytes
// arrive with the first section that imports it instead of with the shell's first load. Its modules reach the
// main entry by package name ('@metrology/shared'), never by a relative path, so they use the one singleton.
export * from './tabs.js';
export * from './quantity-stepper.js';
export * from './email-field.js';
