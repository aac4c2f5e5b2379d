import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const sanitize = (html: string) =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });

/**
 * Server-provided markup, sanitised: no scripts, no event handlers, no javascript: URLs.
 *
 * DOMPurify is imported, not loaded on first use: the screens that show server markup (home's news,
 * the navigation's notices, registration, an invoice) then download it with their own code, from
 * the start of the load, instead of one request later once they render, which on home was a request
 * in series before its largest paint.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
