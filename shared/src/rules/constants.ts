// Business constants of SPEC section 9.
import type { CompanyName } from '../types/entities.js';

export const CURRENCY_SYMBOL = '$';
export const DEFAULT_DELIVERY_FEE = 10;
export const LAC = 100000;

export const COMPANIES: readonly CompanyName[] = [
  'Tespa',
  'Inprocess Gauging',
  'Sylvac',
  'Mahr',
  'SCANTECH 3D',
];
/** Company order on the products page: these first, then the others. */
export const COMPANY_ORDER: readonly string[] = ['Tespa', 'Inprocess Gauging', 'Sylvac'];
export const TESPA_CATEGORIES: readonly string[] = [
  'Height Gauge',
  'Video Measuring Machine',
  'Coordinate Measuring Machine',
];

export const DEFAULT_DELIVERY_TIME = '3-4 Weeks';
export const HOME_NEWEST_COUNT = 4;
export const RELATED_PRODUCTS_MAX = 5;
export const ENQUIRY_DEFAULT_QUANTITY = 1;

export const RESUME_MAX_BYTES = 2 * 1024 * 1024;
export const RESUME_EXTENSIONS: readonly string[] = ['.pdf', '.doc', '.docx'];

export const SORT_KEYS = ['relavent', 'low-high', 'high-low'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const DEFAULT_PAYMENT_METHOD = 'cod';
export const HERO_INTERVAL_MS = 6000;
export const COUNTER_ANIMATION_MS = 2000;
export const NAVBAR_SCROLL_THRESHOLD_PX = 10;
export const STAR_SCALE = 5;

export const TOAST_AUTO_HIDE_MS = 5000;
export const TOAST_MAX_SNACK = 1;

export const TOKEN_STORAGE_KEY = 'token';
export const GUEST_CART_STORAGE_KEY = 'guestCart';

/** The company's name wherever SPEC says {brand}. */
export const BRAND_NAME = 'Metrology Instruments Group';
