// The entities of SPEC section 3, as the API sends them and the bundles read them.

export type CompanyName = 'Tespa' | 'Inprocess Gauging' | 'Sylvac' | 'Mahr' | 'SCANTECH 3D';

// The shapes the API validates come from its contracts (shared/src/contracts): one definition for both sides.
export type { Product, ProductSpecification } from '../contracts/products.js';
export type { Address, SavedAddress } from '../contracts/addresses.js';
export type { Credentials, Registration } from '../contracts/users.js';
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

export interface AuthResponse {
  success: boolean;
  token?: string;
  message?: string;
}

export interface ProductEnquiry {
  productId: string;
  productName: string;
  email: string;
  quantity: number;
  companyName: string;
  mobileNo: string;
  country: string;
  purpose: string;
  requirementDetails: string;
  userId?: string;
}

export interface JobOpening {
  _id: string;
  title: string;
  location: string;
  qualification: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
}

export interface JobApplication {
  name: string;
  email: string;
  qualification: string;
  position: string;
  mobile: string;
  resume: File;
  message: string;
}

export interface Testimonial {
  _id: string;
  name: string;
  position: string;
  content: string;
  /** 0 to 5 */
  stars: number;
  videoUrl: string;
  image: string[];
}

export interface NewsItem {
  _id: string;
  title: string;
  description: string;
  category: string;
  /** ISO date */
  date: string;
  time: string;
  location: string;
  image: string[];
}

export interface ChatMessage {
  id: string;
  text: string;
  fromUser: boolean;
}

/** Every API answer carries success and, on failure, a message. */
export interface ApiEnvelope {
  success: boolean;
  message?: string;
}
