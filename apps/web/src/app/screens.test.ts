import { ROUTES } from '@portal/contract/routes';
import { describe, expect, it } from 'vitest';
import { shellScreens } from '../features/shell/screens.ts';
import { SCREENS } from './screens.ts';

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
