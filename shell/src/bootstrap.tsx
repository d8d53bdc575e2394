import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShopStore, loadRuntimeConfig } from '@metrology/shared';
import '@metrology/shared/styles.css';
import './styles/shell.css';
import { App } from './app';
import { registerSections } from './remotes/remote-loader';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  await registerSections(config);
  const store = createShopStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();
