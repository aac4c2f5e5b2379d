import { useEffect, useState } from 'react';

type Purify = typeof import('dompurify').default;
let purify: Purify | undefined;
let loading: Promise<Purify> | undefined;
/**
 * Loads the sanitiser (a chunk of its own); a screen whose first render shows server markup starts
 * this with its first data, so the markup shows with the rest instead of one download later.
 */
export const loadPurify = () => {
  loading ??= import('dompurify').then((m) => {
    purify = m.default;
    return purify;
  });
  return loading;
};

const sanitize = (p: Purify, html: string) =>
  p.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });

/**
 * Server-provided markup, sanitised: no scripts, no event handlers, no javascript: URLs. The
 * sanitiser loads on first use; until then nothing of the markup is rendered.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState(() => (purify ? sanitize(purify, html) : null));
  useEffect(() => {
    let live = true;
    if (purify) setClean(sanitize(purify, html));
    else void loadPurify().then((p) => live && setClean(sanitize(p, html)));
    return () => {
      live = false;
    };
  }, [html]);
  if (clean === null) return <div className={className} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
