import { ROUTES } from '@portal/contract/routes';
import { describe, expect, it, vi } from 'vitest';

// The manifest's loaders read the session, which reads the browser's storage when it loads.
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
const { shellScreens } = await import('../features/shell/screens.ts');
const { SCREENS } = await import('./screens.ts');

describe('the route table', () => {
  it('gives every route of the spec a screen of its own (none falls back to Unimplemented)', () => {
    const withoutScreen = ROUTES.filter((r) => !SCREENS[r.name]).map((r) => r.path);
    expect(withoutScreen).toEqual([]);
    const unimplemented = ROUTES.filter(
      (r) => r.name !== 'unimplemented' && SCREENS[r.name] === shellScreens.unimplemented,
    ).map((r) => r.path);
    expect(unimplemented).toEqual([]);
  });
});
