import { useEffect, useRef, useState } from 'react';
import { useDeferredLoad } from './use-deferred-load';

/** The page-translation widget's script (SPEC section 7: a translation script loaded by the footer). */
export const TRANSLATE_SCRIPT_URL =
  'https://translate.google.com/translate_a/element.js?cb=metrologyTranslateReady';
const CONTAINER_ID = 'shell-translate-element';
/** A script that has not answered by then is given up, silently. */
const GIVE_UP_MS = 10_000;

interface TranslateApi {
  translate?: {
    TranslateElement?: new (options: { pageLanguage: string; autoDisplay?: boolean }, id: string) => unknown;
  };
}

declare global {
  interface Window {
    google?: TranslateApi;
    metrologyTranslateReady?: () => void;
  }
}

let loading: { promise: Promise<void>; script: HTMLScriptElement } | null = null;

/** Loads the script once per page; resolves when its callback ran, rejects on an error or after a while. */
export function loadTranslateScript(url = TRANSLATE_SCRIPT_URL, giveUpMs = GIVE_UP_MS): Promise<void> {
  if (loading?.script.isConnected) return loading.promise;
  const script = document.createElement('script');
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error('The translation script did not load in time')), giveUpMs);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      reject(error);
    }
    window.metrologyTranslateReady = () => {
      clearTimeout(timer);
      resolve();
    };
    script.src = url;
    script.async = true;
    script.referrerPolicy = 'no-referrer';
    script.onerror = () => fail(new Error('The translation script could not be loaded'));
    document.body.appendChild(script);
  });
  loading = { promise, script };
  return promise;
}

/** The widget draws an unlabelled <select>: give it a name as soon as it appears. */
function labelLanguagePicker(container: HTMLElement | null): void {
  if (!container) return;
  const label = () => {
    const select = container.querySelector('select');
    if (!select) return false;
    select.setAttribute('aria-label', 'Choose a language');
    return true;
  };
  if (label()) return;
  const observer = new MutationObserver(() => {
    if (label()) observer.disconnect();
  });
  observer.observe(container, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), GIVE_UP_MS);
}

/**
 * The translation widget (source language English). It loads after the page, when the footer comes near, and
 * stays invisible unless it works: offline or blocked, the footer simply has no language picker.
 */
export function TranslateWidget() {
  const wrapper = useRef<HTMLDivElement>(null);
  const start = useDeferredLoad(wrapper);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!start) return;
    let cancelled = false;
    loadTranslateScript()
      .then(() => {
        const TranslateElement = window.google?.translate?.TranslateElement;
        if (cancelled || !TranslateElement || !document.getElementById(CONTAINER_ID)) return;
        new TranslateElement({ pageLanguage: 'en', autoDisplay: false }, CONTAINER_ID);
        labelLanguagePicker(document.getElementById(CONTAINER_ID));
        setReady(true);
      })
      .catch(() => {
        // Silent by design (SPEC): the page works the same without the widget.
      });
    return () => {
      cancelled = true;
    };
  }, [start]);

  return (
    <div ref={wrapper} className="shell-translate" data-state={ready ? 'ready' : 'waiting'}>
      {ready ? <p className="shell-translate__label">Translate this page</p> : null}
      <div id={CONTAINER_ID} />
    </div>
  );
}
