import type { CompanyName } from '@metrology/shared';
import tespaLogo from '../assets/companies/tespa.svg';
import inprocessGaugingLogo from '../assets/companies/inprocess-gauging.svg';
import sylvacLogo from '../assets/companies/sylvac.svg';
import mahrLogo from '../assets/companies/mahr.svg';
import scantechLogo from '../assets/companies/scantech-3d.svg';

/** One entry of a header dropdown. */
export interface DropdownEntry {
  to: string;
  label: string;
  description?: string;
  /** URL of a small logo image (decorative: the label names the entry). */
  logo?: string;
}

/** The brands of the Products dropdown, in SPEC order, with their logos and short descriptions. */
export const COMPANY_ENTRIES: readonly (DropdownEntry & { label: CompanyName })[] = [
  {
    label: 'Tespa',
    to: `/products?company=${encodeURIComponent('Tespa')}`,
    description: 'precision measurement tools and gauges',
    logo: tespaLogo,
  },
  {
    label: 'Inprocess Gauging',
    to: `/products?company=${encodeURIComponent('Inprocess Gauging')}`,
    description: 'precision measurement tools and gauges',
    logo: inprocessGaugingLogo,
  },
  {
    label: 'Sylvac',
    to: `/products?company=${encodeURIComponent('Sylvac')}`,
    description: 'digital measuring instruments',
    logo: sylvacLogo,
  },
  {
    label: 'Mahr',
    to: `/products?company=${encodeURIComponent('Mahr')}`,
    description: 'high-precision metrology solutions',
    logo: mahrLogo,
  },
  {
    label: 'SCANTECH 3D',
    to: `/products?company=${encodeURIComponent('SCANTECH 3D')}`,
    description: '3D scanners',
    logo: scantechLogo,
  },
];

/** The Company dropdown. */
export const COMPANY_MENU_ENTRIES: readonly DropdownEntry[] = [
  { label: 'About', to: '/about', description: 'our story, activities and locations' },
  { label: 'Testimonials', to: '/testimonial', description: 'what our clients say' },
  { label: 'News', to: '/news', description: 'upcoming events and exhibitions' },
];

/** True when the current path belongs to a dropdown (to mark its button as the current section). */
export function isWithin(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
