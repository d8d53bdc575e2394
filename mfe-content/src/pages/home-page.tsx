import { BRAND_NAME, HydrateWhenVisible, usePageHead } from '@metrology/shared';
import { ClientMarquee } from '../home/client-marquee';
import { EnquiryBanner } from '../home/enquiry-banner';
import { GroupCompanies } from '../home/group-companies';
import { HeroCarousel } from '../home/hero-carousel';
import { NewestProducts } from '../home/newest-products';
import '../styles';

export default function HomePage() {
  usePageHead({
    title: 'Precision Metrology',
    description:
      'Precision measuring instruments from Tespa, Inprocess Gauging, Sylvac, Mahr and SCANTECH 3D, with NABL calibration services.',
    canonicalPath: '/',
  });
  return (
    <div className="content-home">
      <h1 className="ms-visually-hidden">{BRAND_NAME}: precision measuring instruments and calibration</h1>
      <HeroCarousel />
      {/* Only moving pictures until someone looks: hydrated when near the viewport. */}
      <HydrateWhenVisible name="client-marquee">
        <ClientMarquee />
      </HydrateWhenVisible>
      <GroupCompanies />
      <NewestProducts />
      <EnquiryBanner />
    </div>
  );
}
