// What the support chat knows: the shop's facts and the catalogue, as documents with ready answers.
import type { JobOpening, Product } from '@metrology/shared';
import { COMPANIES, DEFAULT_DELIVERY_TIME, TESPA_CATEGORIES } from '@metrology/shared/rules';
import {
  BRANCHES,
  BRAND,
  CALIBRATION_CENTRES,
  CALIBRATION_EMAIL,
  CAREERS_EMAIL,
  ESTABLISHED_YEAR,
  SALES_EMAIL,
  SUPPORT_EMAIL,
} from '../../seed/brand.js';

/** Turns a site path into a link: absolute on the requesting site when known, else the path. */
export type LinkTo = (path: string) => string;

export interface KnowledgeDoc {
  kind: 'topic' | 'company' | 'product';
  /** The words retrieval looks at. */
  text: string;
  /** Topics are preferred over single products when both match equally. */
  boost?: number;
  answer(link: LinkTo): string;
  product?: Product;
}

export const companyLink = (company: string) => `/products?company=${encodeURIComponent(company)}`;

const COMPANY_PROFILES: Record<string, string> = {
  Tespa:
    'Tespa is our own range of precision measuring instruments, made in India: digital and dial height gauges, 2D height measuring instruments, manual and CNC video measuring machines, profile projectors and coordinate measuring machines (bridge, gantry, shop-floor and portable arms).',
  'Inprocess Gauging':
    'Inprocess Gauging builds gauging for production: in-process grinding gauges, wheel balancers, machine-tool probes, post-process measuring stations, multi-gauging fixtures and air gauging (air plugs, rings and column amplifiers).',
  Sylvac:
    'Sylvac (Switzerland) makes digital hand-held instruments: IP67 S_Cal calipers, S_Mike micrometers, S_Dial indicators, Hi_Gauge height gauges, bore gauges and inductive probes, most with Bluetooth data transfer.',
  Mahr: 'Mahr (Germany) offers MarCal calipers, Micromar micrometers, MarCator indicators, Marameter bore gauges, MarSurf surface roughness testers, gauge block sets, Millimar column amplifiers and Precimar length measuring machines.',
  'SCANTECH 3D':
    'SCANTECH 3D makes metrology-grade 3D scanners: handheld blue-laser scanners (KSCAN, SIMSCAN), optical tracking systems (TrackScan), photogrammetry (MSCAN), colour scanners (iReal) and automated 3D inspection cells.',
};

export interface KnowledgeFacts {
  products: readonly Product[];
  openings: readonly JobOpening[];
  categoriesByCompany: ReadonlyMap<string, readonly string[]>;
  deliveryFee: number;
}

export function buildKnowledge(facts: KnowledgeFacts): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  const topic = (text: string, answer: (link: LinkTo) => string, boost = 1.3) =>
    docs.push({ kind: 'topic', text, answer, boost });

  topic(
    `about company ${BRAND} history established ${ESTABLISHED_YEAR} manufacturer importer distributor group who are you employees clients countries years experience`,
    (link) =>
      `${BRAND} was established in ${ESTABLISHED_YEAR}. We manufacture, import and distribute precision measuring instruments and run NABL-accredited calibration laboratories in Chennai, Bangalore and Coimbatore. More than 5000 clients in 20+ countries rely on us. Read our story: ${link('/about')}`,
  );

  topic(
    `products brands companies range catalogue instruments sell offer ${COMPANIES.join(' ')} measuring instruments`,
    (link) =>
      `We offer instruments from ${COMPANIES.join(', ')}:\n${COMPANIES.map((c) => `• ${c}: ${link(companyLink(c))}`).join('\n')}\nYou can also browse everything at ${link('/products')}.`,
    1.1,
  );

  for (const company of COMPANIES) {
    const categories = facts.categoriesByCompany.get(company) ?? [];
    docs.push({
      kind: 'company',
      text: `${company} ${company} ${company} brand products range ${categories.join(' ')} ${COMPANY_PROFILES[company] ?? ''}`,
      boost: 1.4,
      answer: (link) =>
        `${COMPANY_PROFILES[company] ?? company}${categories.length ? `\nCategories: ${categories.join(', ')}.` : ''}\nSee all ${company} products: ${link(companyLink(company))}`,
    });
  }

  for (const category of TESPA_CATEGORIES) {
    // One example per family, its plainest (shortest) name: the base model rather than a kit or edition of it.
    const families = new Map<string, string>();
    for (const p of facts.products) {
      if (p.company !== 'Tespa' || p.category !== category) continue;
      const family = p.name.split(' ').slice(0, 4).join(' ');
      const known = families.get(family);
      if (!known || p.name.length < known.length) families.set(family, p.name);
    }
    const examples = [...families.values()].sort((a, b) => a.length - b.length).slice(0, 3);
    topic(
      `${category} ${category} tespa ${examples.join(' ')}`,
      (link) =>
        `Tespa ${category}s: ${examples.join(', ')}${examples.length ? ' and more' : ''}. Browse them at ${link(companyLink('Tespa'))}`,
      1.35,
    );
  }

  const centres = CALIBRATION_CENTRES.filter((c) => c.established);
  topic(
    `calibration calibrate services laboratory nabl iso 17025 accredited certificate traceable centres facilities ${centres.map((c) => c.name).join(' ')} mobile on-site`,
    (link) =>
      `We run NABL-accredited (ISO/IEC 17025) calibration laboratories in ${centres.map((c) => `${c.name} (since ${c.established})`).join(', ')}, plus Mobile Calibration at your site. Details: ${link('/calibration')}. To book a calibration, write to ${CALIBRATION_EMAIL} or use ${link('/contact')}.`,
    1.5,
  );
  for (const centre of CALIBRATION_CENTRES) {
    topic(
      `${centre.name} ${centre.name} ${centre.established ? `centre established ${centre.established}` : 'on-site van visit plant'} ${centre.description}`,
      (link) =>
        `${centre.name}${centre.established ? ` calibration centre (established ${centre.established})` : ''}: ${centre.description} More: ${link('/calibration')} · Booking: ${CALIBRATION_EMAIL}`,
      1.2,
    );
  }

  topic(
    `contact branch address phone email reach office ${BRANCHES.map((b) => b.city).join(' ')} sales support`,
    (link) =>
      `You can reach our branches:\n${BRANCHES.map((b) => `• ${b.city}: ${b.phone}, ${b.email}`).join('\n')}\nSales: ${SALES_EMAIL}. Contact form and maps: ${link('/contact')}`,
    1.4,
  );
  for (const branch of BRANCHES) {
    topic(
      `${branch.city} ${branch.city} branch office contact address phone email ${branch.address}`,
      (link) =>
        `Our ${branch.city} branch: ${branch.address}. Phone ${branch.phone}, e-mail ${branch.email}. Map and contact form: ${link('/contact')}`,
      1.3,
    );
  }

  const openingList = facts.openings.map((o) => `${o.title} (${o.location})`);
  topic(
    `careers career job jobs vacancy openings hiring work apply resume ${facts.openings.map((o) => `${o.title} ${o.location} ${o.qualification}`).join(' ')}`,
    (link) =>
      openingList.length
        ? `We are hiring! Current openings:\n${openingList.map((o) => `• ${o}`).join('\n')}\nApply with your resume (PDF, DOC or DOCX, up to 2 MB) at ${link('/careers')} or write to ${CAREERS_EMAIL}.`
        : `There are no openings at the moment, but you are welcome to send your resume to ${CAREERS_EMAIL}. Check ${link('/careers')} for new positions.`,
    1.4,
  );

  topic(
    'delivery shipping ship time how long weeks dispatch fee charges courier arrive when receive',
    (link) =>
      `Most instruments are delivered in ${DEFAULT_DELIVERY_TIME}; each product page shows its own delivery time. A flat delivery fee of $${facts.deliveryFee} is added to every order at checkout. Large machines (CMMs, vision systems) include installation. Questions about an order: ${SUPPORT_EMAIL} or ${link('/orders')}.`,
    1.4,
  );

  topic(
    'payment pay methods cash delivery cod razorpay upi card netbanking stripe online accept',
    (link) =>
      `At checkout you can pay Cash on Delivery or online with Razorpay (cards, UPI, net banking). Card payment by Stripe is coming soon. Checkout: ${link('/cart')}`,
    1.4,
  );

  topic(
    'order orders status track my orders placed processing shipped delivered cancelled',
    (link) =>
      `Log in and open My Orders to see every order with its status (processing, shipped, delivered): ${link('/orders')}. For help with an order write to ${SUPPORT_EMAIL}.`,
    1.3,
  );

  topic(
    'price quote quotation enquiry enquire cost discount bulk rate request quote india',
    (link) =>
      `For prices and quotations, open the product and use Send Enquiry, or fill the form at ${link('/contact')}. Our sales team answers within one working day: ${SALES_EMAIL}.`,
    1.3,
  );

  topic(
    'account login register sign up password create account forgot',
    () =>
      `Use Login / Register in the top menu to sign in or create an account. If you cannot log in, write to ${SUPPORT_EMAIL} and we will help.`,
    1.2,
  );

  topic(
    'clients customers industries automotive aerospace manufacturing technology who uses references',
    (link) =>
      `We serve more than 5000 clients in automotive, aerospace, manufacturing and technology, in 20+ countries. See ${link('/clients')} and what they say at ${link('/testimonial')}.`,
    1.2,
  );

  topic(
    'news events exhibition seminar upcoming trade fair imtex expo visit stand',
    (link) => `Our latest news, exhibitions and seminars are listed at ${link('/news')}.`,
    1.2,
  );

  for (const product of facts.products) {
    docs.push({
      kind: 'product',
      product,
      // Names, not descriptions: short documents rank the base model above its many variants and index fast.
      text: `${product.name} ${product.model} ${product.category} ${product.subCategory} ${product.company} ${product.measuringRange}`,
      answer: (link) => productLine(product, link),
    });
  }
  return docs;
}

export function productLine(product: Product, link: LinkTo): string {
  return `• ${product.name}${product.model ? ` (${product.model})` : ''}: ${link(`/product/${product.slug}`)}`;
}
