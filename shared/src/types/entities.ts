// The entities of SPEC section 3, as the API sends them and the bundles read them.

export type CompanyName = 'Tespa' | 'Inprocess Gauging' | 'Sylvac' | 'Mahr' | 'SCANTECH 3D';

// The shapes the API validates come from its contracts (shared/src/contracts): one definition for both sides.
export type { Product, ProductSpecification } from '../contracts/products.js';
export type { Address, SavedAddress } from '../contracts/addresses.js';
export type { Credentials, Registration } from '../contracts/users.js';
export type { EnquiryBody as ProductEnquiry } from '../contracts/enquiries.js';
export type { JobOpening } from '../contracts/careers.js';
export type { NewsItem, Testimonial } from '../contracts/content.js';
export type {
  Order,
  OrderDetail,
  OrderEvent,
  OrderItem,
  OrderStatus,
  PaymentMethod,
  PaymentOrder,
} from '../contracts/orders.js';

/** What the server may send for one cart entry: a number, or an object with one size key. */
export type ServerCartEntry = number | Record<string, number>;

/** Product id -> positive quantity. */
export type CartItems = Record<string, number>;

export interface JobApplication {
  name: string;
  email: string;
  qualification: string;
  position: string;
  mobile: string;
  resume: File;
  message: string;
}

export interface ChatMessage {
  id: string;
  text: string;
  fromUser: boolean;
}
