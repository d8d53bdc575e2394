// Standalone harness: the section runs alone with the same providers the shell gives it.
import { mountSectionHarness } from '@metrology/shared';
import '@metrology/shared/styles.css';
import HomePage from './pages/home-page';
import AboutPage from './pages/about-page';
import CalibrationPage from './pages/calibration-page';
import ClientsPage from './pages/clients-page';
import NewsPage from './pages/news-page';
import TestimonialsPage from './pages/testimonials-page';
import ContactPage from './pages/contact-page';

void mountSectionHarness('content', [
  { path: '/', label: 'Home', Page: HomePage },
  { path: '/about', label: 'About', Page: AboutPage },
  { path: '/calibration', label: 'Calibration', Page: CalibrationPage },
  { path: '/clients', label: 'Clients', Page: ClientsPage },
  { path: '/news', label: 'News', Page: NewsPage },
  { path: '/testimonial', label: 'Testimonials', Page: TestimonialsPage },
  { path: '/contact', label: 'Contact', Page: ContactPage },
]);
