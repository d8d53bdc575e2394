// Placeholder until the page-head work is merged (same interface).
import { createContext, useContext, type ReactNode } from 'react';

export interface PageHead {
  title?: string;
  description?: string;
  canonicalPath?: string;
  imageUrl?: string;
  type?: 'website' | 'product';
  jsonLd?: Record<string, unknown>;
}
export interface HeadCollector {
  head: PageHead;
}
export function createHeadCollector(): HeadCollector {
  return { head: {} };
}
const HeadContext = createContext<HeadCollector | null>(null);
export function HeadCollectorProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>;
}
export function usePageHead(head: PageHead): void {
  const collector = useContext(HeadContext);
  if (collector) collector.head = { ...collector.head, ...head };
}
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export function headTags(head: PageHead, _siteOrigin: string): string {
  return head.title ? `<title>${escapeHtml(head.title)}</title>` : '';
}
