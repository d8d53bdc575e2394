import { createContext, type ComponentType } from 'react';
import type { RemoteName } from '../routes/route-table';

/**
 * What a server render knows of the sections: the page components it loaded before rendering (the live version's
 * Node build, or an older good one). In the browser there is none and pages load lazily.
 */
export interface ServerSections {
  page(remote: RemoteName, module: string): ComponentType | null;
}

export const ServerSectionsContext = createContext<ServerSections | null>(null);

/** The digest of the error a server render throws for a section it leaves to the browser. */
export const CLIENT_SECTION_DIGEST = 'metrology:client-rendered-section';

/**
 * Thrown inside the section's Suspense boundary when the server has no page to render: React sends the boundary's
 * loading state and the browser renders the section itself (today's loading, last-good fallback and Retry).
 */
export class ClientRenderedSection extends Error {
  readonly digest = CLIENT_SECTION_DIGEST;
  constructor(remote: RemoteName) {
    super(`${remote} is rendered in the browser`);
    this.name = 'ClientRenderedSection';
  }
}
