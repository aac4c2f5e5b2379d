import { createContext } from 'react';

/**
 * The first data of the screen being shown (its manifest entry's `data`, app/screen.ts): the page's
 * content waits for it (ui/page.tsx). Null for a screen with none, or outside the router.
 */
export const ScreenData = createContext<Promise<unknown> | null>(null);
