export interface Branch {
  key: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  /** Where the map is centred. */
  latitude: number;
  longitude: number;
}

/** SPEC section 2, Contact: the branch tabs, in this order. */
export const BRANCHES: readonly Branch[] = [
  {
    key: 'chennai',
    city: 'Chennai',
    address: 'No. 14, SIDCO Industrial Estate, Guindy, Chennai 600032, Tamil Nadu',
    phone: '+91 44 2250 1983',
    email: 'chennai@metrologyinstrumentsgroup.com',
    latitude: 13.0108,
    longitude: 80.2128,
  },
  {
    key: 'coimbatore',
    city: 'Coimbatore',
    address: '221, Avinashi Road, Peelamedu, Coimbatore 641004, Tamil Nadu',
    phone: '+91 422 257 4420',
    email: 'coimbatore@metrologyinstrumentsgroup.com',
    latitude: 11.0247,
    longitude: 77.0106,
  },
  {
    key: 'bangalore',
    city: 'Bangalore',
    address: '38, 2nd Phase, Peenya Industrial Area, Bengaluru 560058, Karnataka',
    phone: '+91 80 2839 6610',
    email: 'bangalore@metrologyinstrumentsgroup.com',
    latitude: 13.0285,
    longitude: 77.5197,
  },
  {
    key: 'pune',
    city: 'Pune',
    address: 'Plot 72, MIDC Bhosari, Pune 411026, Maharashtra',
    phone: '+91 20 2712 3380',
    email: 'pune@metrologyinstrumentsgroup.com',
    latitude: 18.6298,
    longitude: 73.848,
  },
];

/** An OpenStreetMap embed around the branch, with a marker on it (no key, no cookies). */
export function mapEmbedUrl(branch: Pick<Branch, 'latitude' | 'longitude'>): string {
  const { latitude: lat, longitude: lon } = branch;
  const bbox = [lon - 0.012, lat - 0.007, lon + 0.012, lat + 0.007].map((n) => n.toFixed(4)).join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
}

/** The same place on the full map site, for a new tab. */
export function mapLinkUrl(branch: Pick<Branch, 'latitude' | 'longitude'>): string {
  return `https://www.openstreetmap.org/?mlat=${branch.latitude}&mlon=${branch.longitude}#map=16/${branch.latitude}/${branch.longitude}`;
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
