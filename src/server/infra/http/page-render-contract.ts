// What the server-rendering bundle (built from src/web/entry-server.tsx into dist/ssr) offers the
// server, and what the server hands it. Types only: the server loads the bundle at start.
import type { PageHead } from '../../../domain/page-head';

export interface PageRenderOptions {
  /** The server's own app, in-process: the pages' API reads go here, never over the network. */
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  origin: string;
  shopName: string;
}

export type RenderedPage =
  | { kind: 'page'; status: number; html: string; head: PageHead; state: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'failed'; error: unknown }
  /** The page's data was read but the server refused the React render (busy): send the shell with this head and status. */
  | { kind: 'refused'; status: number; head: PageHead };

/**
 * Asked just before React renders a page: a release to call when the render is done, or null to
 * refuse it (too many renders for this client or for the server).
 */
export type RenderAdmission = () => (() => void) | null;

export type PageRenderer = (request: Request, admit?: RenderAdmission) => Promise<RenderedPage>;

export interface ServerRenderModule {
  createPageRenderer(options: PageRenderOptions): PageRenderer;
  /** The id of the page (route-table.ts) an address shows, matched as the renderer matches it. */
  pageOf(pathname: string): string | undefined;
}
