import { hostingText } from '@portal/contract/hosting/messages';
import { describe, expect, it } from 'vitest';
import { sslText, warningFor } from './rules.ts';

describe('sslText (0 No, 1 SSL-only, otherwise Yes)', () => {
  it('names each code', () => {
    expect(sslText(0)).toBe('No');
    expect(sslText(1)).toBe('SSL-only');
    expect(sslText(2)).toBe('Yes');
    expect(sslText(3)).toBe('Yes');
    expect(sslText(-1)).toBe('Yes');
  });
});

describe('warningFor (PHP version warnings)', () => {
  // As the php-versions call answers them: ordered by sort, Disabled last.
  const sorts = new Map([
    ['7.4', 0],
    ['8.1', 1],
    ['8.3', 3],
    ['Disabled', 99],
  ]);

  it('warns of nothing until a version is chosen, or for an upgrade', () => {
    expect(warningFor('8.1', null, sorts)).toBeNull();
    expect(warningFor('8.1', '8.3', sorts)).toBeNull();
  });

  it('says the current version makes no change', () => {
    expect(warningFor('8.1', '8.1', sorts)).toBe(hostingText.samePhp);
    expect(warningFor('Disabled', 'Disabled', sorts)).toBe(hostingText.samePhp);
  });

  it('warns of a downgrade: a lower sort than the current version', () => {
    expect(warningFor('8.3', '7.4', sorts)).toBe(hostingText.downgradePhp);
    expect(warningFor('8.1', '7.4', sorts)).toBe(hostingText.downgradePhp);
    expect(hostingText.downgradePhp).toBe(
      'This is a downgrade: older PHP versions are slower and more prone to security issues',
    );
  });

  it('warns that Disabled turns PHP off, whatever the sorts say', () => {
    expect(warningFor('8.3', 'Disabled', sorts)).toBe(hostingText.disablePhp);
    expect(warningFor('7.4', 'Disabled', new Map())).toBe(hostingText.disablePhp);
  });

  it('calls nothing a downgrade from Disabled or between versions the list does not know', () => {
    // Disabled sorts last, yet enabling any version is not a downgrade.
    expect(warningFor('Disabled', '7.4', sorts)).toBeNull();
    expect(warningFor('5.6', '7.4', sorts)).toBeNull();
    expect(warningFor('8.3', '5.6', sorts)).toBeNull();
  });
});

describe('No Logs available (the Download of a log with no line yet)', () => {
  it('is shown as the title and body of the catalogue text', () => {
    expect(`${hostingText.noLogsTitle} - ${hostingText.noLogsBody}`).toBe(hostingText.noLogsAvailable);
    expect(hostingText.noLogsAvailable).toBe(
      'No Logs available - It may take a few minutes before logs are available',
    );
  });
});
