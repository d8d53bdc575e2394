// @ts-check
import { exposesOf, federationIdentity } from '@metrology/shared/release';
// The content section: one exposed module per page (the release model's routes).
export default {
  ...federationIdentity('mfe-content'),
  title: 'Content section (standalone)',
  exposes: exposesOf('mfe-content'),
};
