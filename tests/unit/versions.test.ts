/** Version ranges as npm reads them (semver), for --framework-version. */

import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionRange, lowestVersion, staysOnLine } from '../../src/init/versions.js';

describe('version ranges', () => {
  it('refuses a range that does not name a version in every alternative', () => {
    for (const ok of ['>=0.0.0', 'v0.10.3', '= 0.10.3', '1.x', '0.10.1 - 0.10'])
      expect(isVersionRange(ok), ok).toBe(true);
    for (const bad of ['x', 'X', '^0.10 || *', '0.10 || ', 'latest || 0.10.0', '>=abc']) {
      expect(isVersionRange(bad), bad).toBe(false);
    }
  });

  it('counts pre-releases of the line as on it, and of the next line as off it', () => {
    expect(staysOnLine('0.10.5-beta', '0.10')).toBe(true);
    expect(staysOnLine('>=0.10.0-beta <0.10.4', '0.10')).toBe(true);
    expect(staysOnLine('0.11.0-beta', '0.10')).toBe(false);
    expect(staysOnLine('>=0.10.0 <=0.11.0-beta', '0.10')).toBe(false);
    expect(staysOnLine('1.2.3', '1.2')).toBe(true);
    expect(staysOnLine('latest', '0.10')).toBe(false);
  });

  it('finds the lowest version a range admits, and compares releases', () => {
    expect(lowestVersion('>0.10.3')).toBe('0.10.4');
    expect(lowestVersion('latest')).toBe('0.0.0');
    expect(compareVersions('0.9', '0.9.0')).toBe(0);
    expect(compareVersions('0.10.3-beta', '0.10.3')).toBe(0);
    expect(compareVersions('0.10.2', '0.10.10')).toBeLessThan(0);
  });
});
