// @ts-check
import { exposesOf, federationIdentity } from '@metrology/shared/release';
// The commerce section: one exposed module per page (the release model's routes).
export default {
  ...federationIdentity('mfe-commerce'),
  title: 'Commerce section (standalone)',
  exposes: exposesOf('mfe-commerce'),
};
