import { describe, expect, it } from 'vitest';
import { destSummary, formatKb, listAdminUrl, listTypeName, percentUsed } from './format.ts';

describe('mail formats', () => {
  it('shows sizes in KB, MB and GB at the spec thresholds', () => {
    expect(formatKb(980)).toBe('980.0 KB');
    expect(formatKb(1024)).toBe('1024.0 KB');
    expect(formatKb(1025)).toBe('1.0 MB');
    expect(formatKb(204800)).toBe('200.0 MB');
    expect(formatKb(1_048_575)).toBe('1024.0 MB');
    expect(formatKb(1_048_576)).toBe('1.0 GB');
    expect(formatKb(6_291_456)).toBe('6.0 GB');
  });

  it('rounds the percentage to a whole number', () => {
    expect(percentUsed(6_291_456, 10_485_760)).toBe('60%');
    expect(percentUsed(980, 2_097_152)).toBe('0%');
    expect(percentUsed(1_048_576, 1_048_576)).toBe('100%');
    expect(percentUsed(10, 0)).toBe('—');
  });

  it('names list types and composes Mailman admin links', () => {
    expect(listTypeName('MM')).toBe('Mailman');
    expect(listTypeName('MJ')).toBe('Majordomo');
    expect(listTypeName('LS')).toBe('Unknown-LS');
    expect(listAdminUrl('lists.example.net', 'a b')).toBe('https://lists.example.net/mailman/admin/a%20b');
    expect(listAdminUrl('https://lists.example.net/', 'x')).toBe('https://lists.example.net/mailman/admin/x');
  });

  it('summarises the targets of an alias', () => {
    expect(destSummary(['a@x.org'])).toBe('a@x.org');
    expect(destSummary(['a@x.org', 'b@x.org', 'c@x.org'])).toBe('a@x.org (+2 more)');
  });
});
