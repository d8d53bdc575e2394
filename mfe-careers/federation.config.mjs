// @ts-check
// The careers section: one exposed module per page.
export default {
  name: 'mfe_careers',
  port: 3004,
  title: 'Careers section (standalone)',
  exposes: {
    './CareersPage': './src/pages/careers-page.tsx',
  },
};
