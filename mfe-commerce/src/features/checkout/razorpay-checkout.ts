// The provider's checkout popup (real mode, when the API has Razorpay keys). Offline it cannot load, and says so.
import type { RazorpayPaymentResult } from '../../endpoints/place-order';

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const LOAD_TIMEOUT_MS = 10_000;

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  receipt?: string;
  handler: (response: RazorpayPaymentResult) => void;
  modal?: { ondismiss?: () => void };
  theme?: { color?: string };
}

export interface RazorpayInstance {
  open(): void;
  on?(event: 'payment.failed', callback: (response: { error?: { description?: string } }) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let pending: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once, on demand only (never slows a page that does not pay), with a time limit. */
export function loadRazorpayCheckout(timeoutMs = LOAD_TIMEOUT_MS): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (pending) return pending;
  pending = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      pending = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('The payment provider took too long to load'), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      if (window.Razorpay) resolve(window.Razorpay);
      else fail('The payment provider did not start');
    };
    script.onerror = () => fail('The payment provider could not be reached');
    document.head.appendChild(script);
  });
  return pending;
}
