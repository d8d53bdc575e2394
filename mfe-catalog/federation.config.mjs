// @ts-check
import { exposesOf, federationIdentity } from '@metrology/shared/release';
// The catalog section: one exposed module per page (the release model's routes).
export default {
  ...federationIdentity('mfe-catalog'),
  title: 'Catalog section (standalone)',
  exposes: exposesOf('mfe-catalog'),
};
