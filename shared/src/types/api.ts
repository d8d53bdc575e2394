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
export type { SessionResponse } from '../contracts/users.js';
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
