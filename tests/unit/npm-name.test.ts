/** npm's package-name rules (validate-npm-package-name), worded for a person typing a name. */

import { describe, expect, it } from 'vitest';
import { npmNameProblem, validatePackageName } from '../../src/init/naming.js';

describe('npmNameProblem', () => {
  it("counts the library's warnings as problems for a new package", () => {
    expect(npmNameProblem('@Acme/weather')).toBe('it has capital letters');
    expect(npmNameProblem('http')).toBe('"http" is a Node.js core module');
    expect(npmNameProblem('a!b')).toBe('it contains "!"');
    expect(npmNameProblem("it's")).toBe(`it contains "'"`);
  });

  it('words the errors as before', () => {
    expect(npmNameProblem(' x')).toBe('it has leading or trailing white space');
    expect(npmNameProblem('.hidden')).toBe('it starts with a dot or an underscore');
    expect(npmNameProblem('@acme/.x')).toBe('it starts with a dot or an underscore');
    expect(npmNameProblem('node_modules')).toBe('"node_modules" is reserved');
    expect(npmNameProblem('@acme/node_modules')).toBe('"node_modules" is reserved');
    expect(npmNameProblem('@acme')).toBe('a scoped name is @scope/name');
    expect(npmNameProblem('météo')).toBe('it contains "é"');
  });

  it('refuses special characters in the scope too: @x*/srv would end a /** */ comment in src/index.ts', () => {
    expect(npmNameProblem('@x*/srv')).toBe('it contains "*"');
    expect(npmNameProblem("@x'/srv")).toBe(`it contains "'"`);
    expect(() => validatePackageName('@x*/srv')).toThrow(expect.objectContaining({ code: 'NAME_INVALID' }));
  });

  it('accepts a tilde, and scoped names', () => {
    expect(npmNameProblem('a~b')).toBeUndefined();
    expect(npmNameProblem('@acme/weather-server')).toBeUndefined();
    expect(npmNameProblem('@acme/a~b')).toBeUndefined();
  });
});
