import { useEffect, useState } from 'react';

/**
 * The `token` of a link from an e-mail, read after hydration (the server renders the page without it, so both
 * renders match); undefined until read, '' when the address has none. The token then leaves the address bar, so
 * it is not kept in the history or sent on as a referrer.
 */
export function useLinkToken(): string | undefined {
  const [token, setToken] = useState<string | undefined>(undefined);
  useEffect(() => {
    const url = new URL(window.location.href);
    setToken(url.searchParams.get('token') ?? '');
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);
  return token;
}
