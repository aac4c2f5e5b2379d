import { describe, expect, it } from 'vitest';
import { refusedNames } from './calls.ts';
import { accountText } from './messages.ts';
import { accountTextEs } from './messages.es.ts';

describe("refusedNames: the names of request-accounts' names_taken, in any language", () => {
  it('reads the names the server listed, in English and in Spanish', () => {
    expect(refusedNames(accountText.namesRefused(['quinnq', 'ravenr']))).toEqual(['quinnq', 'ravenr']);
    expect(refusedNames(accountTextEs.namesRefused(['quinnq']))).toEqual(['quinnq']);
  });

  it('finds no names in a message without a list', () => {
    expect(refusedNames(accountText.namesUnavailable)).toEqual([]);
  });
});
