// @ts-check
import { exposesOf, federationIdentity } from '@metrology/shared/release';
// The careers section: one exposed module per page (the release model's routes).
export default {
  ...federationIdentity('mfe-careers'),
  title: 'Careers section (standalone)',
  exposes: exposesOf('mfe-careers'),
};
