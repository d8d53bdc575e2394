// Words for retrieval: lower case, no stop words, light stemming, and the shop's synonyms folded together.

const STOP_WORDS = new Set(
  `a an and are as at be been but by can could do does did for from have has had how i i'm in is it its me my
   of on or our please tell that the their them there these they this to us was we what when where which who
   why will with would you your yours want need know about any some get give show find looking look like hi
   hello hey instrument instruments sell selling sold offer offered available buy purchase dear sir madam kindly much many also than then so if into just only very more most`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that mean the same thing in the shop's questions, mapped to one form. */
const SYNONYMS: Record<string, string> = {
  cmm: 'coordinat',
  cmms: 'coordinat',
  vmm: 'video',
  vision: 'video',
  calibrate: 'calibrat',
  calibrated: 'calibrat',
  calibrating: 'calibrat',
  calibration: 'calibrat',
  calibrations: 'calibrat',
  nabl: 'calibrat',
  lab: 'laboratori',
  labs: 'laboratori',
  laboratory: 'laboratori',
  laboratories: 'laboratori',
  job: 'career',
  jobs: 'career',
  careers: 'career',
  vacancy: 'career',
  vacancies: 'career',
  opening: 'career',
  openings: 'career',
  hiring: 'career',
  recruitment: 'career',
  apply: 'career',
  resume: 'career',
  cv: 'career',
  ship: 'deliveri',
  shipping: 'deliveri',
  shipment: 'deliveri',
  delivery: 'deliveri',
  deliver: 'deliveri',
  dispatch: 'deliveri',
  pay: 'payment',
  paying: 'payment',
  payments: 'payment',
  upi: 'payment',
  razorpay: 'payment',
  stripe: 'payment',
  card: 'payment',
  cod: 'payment',
  cash: 'payment',
  phone: 'contact',
  call: 'contact',
  number: 'contact',
  email: 'contact',
  mail: 'contact',
  reach: 'contact',
  office: 'branch',
  offices: 'branch',
  branches: 'branch',
  location: 'branch',
  locations: 'branch',
  address: 'branch',
  located: 'branch',
  bengaluru: 'bangalore',
  madras: 'chennai',
  kovai: 'coimbatore',
  price: 'price',
  prices: 'price',
  cost: 'price',
  quote: 'price',
  quotation: 'price',
  enquiry: 'enquir',
  enquire: 'enquir',
  inquiry: 'enquir',
  inquire: 'enquir',
  scanner: 'scan',
  scanners: 'scan',
  scanning: 'scan',
  scantech: 'scantech',
  callipers: 'caliper',
  calliper: 'caliper',
  vernier: 'caliper',
  micrometre: 'micrometer',
  roughness: 'surfac',
  surface: 'surfac',
  track: 'order',
  tracking: 'order',
  orders: 'order',
  founded: 'establish',
  established: 'establish',
  history: 'establish',
  since: 'establish',
};

function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}i`;
  if (word.endsWith('es') && /(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP_WORDS.has(w));
  return words.map((w) => SYNONYMS[w] ?? stem(w));
}
