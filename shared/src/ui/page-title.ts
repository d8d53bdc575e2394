import { useEffect } from 'react';
import { BRAND_NAME } from '../rules/constants.js';

/** Sets the document title for a page: "<title> | <brand>". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
