// The shell's Node build (dist/server/render.js), loaded by the site server. An async boundary, as in the
// browser: the shared singletons are set up before anything imports them.
import type { RenderRequest, RenderResult } from './render-page';

export type { RenderRequest, RenderResult } from './render-page';

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const { renderPage: render } = await import('./render-page');
  return render(request);
}
