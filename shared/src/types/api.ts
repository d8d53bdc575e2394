// The requests and answers of the API's calls, as the bundles type them: the same contracts the API validates
// with (shared/src/contracts), as types only, so no schema code is bundled.
export type {
  Facet,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  ProductSearchQuery,
  ProductSearchResponse,
  RelatedProductsResponse,
  SearchFacets,
  SearchSort,
  SlugParams,
  SuggestQuery,
  SuggestResponse,
  Suggestion,
} from '../contracts/products.js';
export type { CartAddBody, CartData, CartResponse, CartUpdateBody } from '../contracts/cart.js';
export type { AddressListResponse, AddressSaveBody } from '../contracts/addresses.js';
export type { Envelope, Failure } from '../contracts/common.js';
export type { LogoutResponse, PasswordChangeBody, SessionResponse } from '../contracts/users.js';
export type { EnquiryBody, EnquiryResponse } from '../contracts/enquiries.js';
export type { ApplicationResponse, JobOpeningsResponse } from '../contracts/careers.js';
export type { NewsResponse, TestimonialsResponse } from '../contracts/content.js';
export type { ChatBody, ChatResponse } from '../contracts/chat.js';
export type { ContactMessageBody, ContactMessageResponse } from '../contracts/contact.js';
export type {
  PaymentMode,
  PaymentsModeResponse,
  RazorpayPaymentResult,
  SandboxRazorpayPayBody,
  SandboxRazorpayPayResponse,
} from '../contracts/payments.js';
export type {
  OrderDetailResponse,
  OrderPlacedResponse,
  PlaceOrderBody,
  RazorpayOrderResponse,
  StripeSessionResponse,
  UserOrdersResponse,
  VerifyRazorpayBody,
  VerifyStripeBody,
} from '../contracts/orders.js';
