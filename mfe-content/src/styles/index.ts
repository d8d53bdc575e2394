// The content section's styles, one stylesheet per page or shared part (classes prefixed content-). Every page
// imports this module, so every page's chunk carries them all, in this order, which is their order in the cascade.
import './common.css';
import './home.css';
import './banners.css';
import './about.css';
import './clients.css';
import './calibration.css';
import './news-and-testimonials.css';
import './contact.css';
