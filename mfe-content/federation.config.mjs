// @ts-check
// The content section: one exposed module per page.
export default {
  name: 'mfe_content',
  port: 3003,
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
