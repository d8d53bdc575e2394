import { StrictMode, startTransition } from 'react';
import type { RootState } from '@metrology/shared';
import '@metrology/shared/styles.css';
import './styles';
import { CLIENT_SECTION_DIGEST } from './remotes/server-sections';
import { markEarlyInputLive, replayEarlyInput } from './early-input/replay';
import { hydrateDeferredPartsOnNavigation } from './layout/deferred-on-navigation';
import type { ShopData } from './server/render-page';

/**
 * The data a server-rendered page carries (docs/rendering.md "How a page is rendered"), or null on a plain
 * page.
 */
function serverData(): ShopData | null {
  const element = document.getElementById('shop-data');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ShopData;
  } catch (error) {
    console.error('The page data could not be read; the page is rendered again in the browser', error);
    return null;
  }
}

/** A section the server left to the browser is no error; anything else React recovered from is logged. */
function onRecoverableError(error: unknown): void {
  if ((error as { digest?: unknown } | null)?.digest === CLIENT_SECTION_DIGEST) return;
  console.error(error);
}

/** The browser's scheduler.yield where it exists (Chrome), else a macrotask: the main thread may answer between. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The start-up in steps, each its own task: React DOM, the shop's shared code, then the shell's own. Their code is
 * already downloaded (the page preloads it); what each step costs is evaluating it, and one task for all of them
 * kept the page from answering input for as long as the three together.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const data = serverData();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await yieldToMain();
  const { createShopStore, loadRuntimeConfig, setRuntimeConfig } = await import('@metrology/shared');
  await yieldToMain();
  const { App, registerSections } = await import('./start-up');
  await yieldToMain();
  if (data) {
    // Server-rendered: the page's config, registry and data came with it. Hydrate at once; the section's code
    // arrives while the page is already visible, and its data is in the store, so nothing is fetched twice.
    setRuntimeConfig(data.config);
    await registerSections(data.config, { registry: data.registry, rendered: data.sections });
    const store = createShopStore(data.state as Partial<RootState>);
    hydrateDeferredPartsOnNavigation();
    markEarlyInputLive();
    // As a transition, hydration is time-sliced: it yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a click on a part not hydrated yet is held and replayed).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App store={store} serverState={store.getState()} preview={data.preview ?? null} />
        </StrictMode>,
        { onRecoverableError },
      );
    });
    // What the shopper did before this (held by the page's early-input script) is given back as each part
    // hydrates, once the session and cart are restored, so it acts on the cart the page goes on with.
    replayEarlyInput({ ready: () => store.getState().cart.status === 'ready' });
    return;
  }
  const config = await loadRuntimeConfig();
  await registerSections(config);
  const store = createShopStore();
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
