// @ts-check
import { federationIdentity } from '@metrology/shared/release';
// The content section: one exposed module per page.
export default {
  ...federationIdentity('mfe-content'),
  title: 'Content section (standalone)',
  exposes: {
    './HomePage': './src/pages/home-page.tsx',
    './AboutPage': './src/pages/about-page.tsx',
    './CalibrationPage': './src/pages/calibration-page.tsx',
    './ClientsPage': './src/pages/clients-page.tsx',
    './NewsPage': './src/pages/news-page.tsx',
    './TestimonialsPage': './src/pages/testimonials-page.tsx',
    './ContactPage': './src/pages/contact-page.tsx',
  },
};
