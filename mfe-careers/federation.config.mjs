// @ts-check
import { federationIdentity } from '@metrology/shared/release';
// The careers section: one exposed module per page.
export default {
  ...federationIdentity('mfe-careers'),
  title: 'Careers section (standalone)',
  exposes: {
    './CareersPage': './src/pages/careers-page.tsx',
  },
};
