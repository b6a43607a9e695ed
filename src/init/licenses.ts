/**
 * The LICENSE file of a new server (`--license <spdx>`, default Apache-2.0 like the framework).
 * Only licences whose full text ships with mcp-scaffold are accepted: a LICENSE that merely names
 * a licence is not one a user can rely on, so any other id is refused with the list.
 */

import { readFileSync } from 'node:fs';
import { templatesOf } from '../text/templates.js';

export const DEFAULT_LICENSE = 'Apache-2.0';

/** SPDX ids with a full text in templates/_licenses/ (UNLICENSED: all rights reserved). */
export const LICENSES = ['Apache-2.0', 'MIT', 'ISC', 'UNLICENSED'] as const;
export type License = (typeof LICENSES)[number];

/** The accepted id matching `id` case-insensitively, or undefined. */
export function knownLicense(id: string): License | undefined {
  return LICENSES.find((l) => l.toLowerCase() === id.trim().toLowerCase());
}

const template = templatesOf(import.meta.url);

/** The full text of `license`, with the year and copyright holder filled in where it has them. */
export function licenseText(license: License, holder: string, year: number): string {
  return readFileSync(template(`_licenses/${license}.txt`), 'utf8')
    .replaceAll('{{year}}', String(year))
    .replaceAll('{{holder}}', holder)
    .replace(/\s*$/, '\n');
}
