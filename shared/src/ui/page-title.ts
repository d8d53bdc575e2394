import { usePageHead } from './page-head.js';

/** Sets the document title for a page: "<title> | <brand>". A page head with a title only. */
export function usePageTitle(title: string): void {
  usePageHead({ title });
}
