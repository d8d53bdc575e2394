// The fake API's calls of a shopper's own: the enquiry form, login, register, the support chat, logout and the
// server-side cart of a logged-in session.
import type { EnquiryBody } from '@metrology/shared';
import { ENQUIRY_MESSAGES } from '@metrology/shared/rules';
import { checkEnquiry } from '../../../api/src/features/enquiries/enquiry-check.js';
import { enquiryOnly } from '../../../api/src/features/orders/order-pricing.js';
import { FAKE_MESSAGES } from './model.js';
import type { FakeState, RecordedCall, Reply } from './model.js';

const productNotFound: Reply = {
  status: 404,
  body: { success: false, message: FAKE_MESSAGES.productNotFound },
};

/** POST /api/enquiry/submit as the test set it up (api.enquiry), else checked as the API checks it. */
function enquiry(state: FakeState, body: Record<string, unknown>): Reply {
  const behaviour = state.api.enquiry;
  if (behaviour.kind === 'drop') return { destroy: true };
  if (behaviour.kind === 'refuse') {
    const message = behaviour.message ? { message: behaviour.message } : {};
    return { status: behaviour.status, body: { success: false, ...message } };
  }
  // Checked as the API checks it; the id is new each time there too.
  const checked = checkEnquiry(body as EnquiryBody);
  if (checked.problem) {
    return { status: 400, body: { success: false, message: checked.problem, errors: checked.errors } };
  }
  state.seq.enquiry += 1;
  return {
    body: { success: true, message: ENQUIRY_MESSAGES.success, enquiryId: `enquiry-${state.seq.enquiry}` },
  };
}

/** /api/cart/*: the session's cart, changed as the API changes it. */
function cartCall(
  state: FakeState,
  call: RecordedCall,
  route: string,
  body: Record<string, unknown>,
): Reply | undefined {
  const { api } = state;
  const token = state.sessionOf(call.token);
  if (!token) return { status: 401, body: { success: false, message: FAKE_MESSAGES.loginRequired } };
  const cart = (api.carts[token] ??= {});
  const itemId = String(body.itemId);
  const quantity = Number(body.quantity ?? 1);
  if (route === 'POST /api/cart/add') {
    const product = api.products.find((p) => p._id === itemId);
    if (!product) return productNotFound;
    if (!(product.price > 0))
      return { status: 400, body: { success: false, message: enquiryOnly(product.name) } };
    cart[itemId] = (cart[itemId] ?? 0) + quantity;
    return { body: { success: true, message: FAKE_MESSAGES.added, cartData: cart } };
  }
  if (route === 'POST /api/cart/update') {
    if (quantity === 0) {
      delete cart[itemId];
      return { body: { success: true, message: FAKE_MESSAGES.removed, cartData: cart } };
    }
    if (!api.products.some((p) => p._id === itemId)) return productNotFound;
    cart[itemId] = quantity;
    return { body: { success: true, message: FAKE_MESSAGES.updated, cartData: cart } };
  }
  if (route === 'POST /api/cart/get') return { body: { success: true, cartData: cart } };
  return undefined;
}

/** The answer to an account, enquiry or cart call; undefined for any other route. */
export function accountCall(
  state: FakeState,
  call: RecordedCall,
  route: string,
  body: Record<string, unknown>,
): Reply | undefined {
  const { api } = state;
  if (route === 'POST /api/enquiry/submit') return enquiry(state, body);
  if (route === 'POST /api/user/login') {
    const email = String(body.email).trim().toLowerCase();
    const user = api.users[email];
    if (!user || user.password !== body.password) {
      return { status: 401, body: { success: false, message: FAKE_MESSAGES.invalidCredentials } };
    }
    return { body: { success: true, token: `token-${email}`, message: 'Welcome back!' } };
  }
  if (route === 'POST /api/user/register') {
    // The API keeps e-mail addresses trimmed and in lower case.
    const email = String(body.email).trim().toLowerCase();
    if (api.users[email]) return { status: 409, body: { success: false, message: FAKE_MESSAGES.duplicate } };
    api.users[email] = { name: String(body.name).trim(), password: String(body.password) };
    return { body: { success: true, token: `token-${email}`, message: 'Account created successfully!' } };
  }
  if (route === 'POST /api/user/chat') {
    return { body: { success: true, data: `You said: ${String(body.message)}` } };
  }
  if (route === 'POST /api/user/logout')
    return { body: { success: true, message: 'You have been logged out' } };
  if (call.path.startsWith('/api/cart/')) return cartCall(state, call, route, body);
  return undefined;
}
