/**
 * The kinds `add` makes and `list` shows, one line each, in createApp's key order (which is also
 * the order of `add --help` and of `list`). A new kind is a folder under src/kinds/ and a line here.
 */

import type { ServiceLayout } from '../registration/layout.js';
import { promptKind } from './prompt/kind.js';
import { resourceKind } from './resource/kind.js';
import { serviceKind } from './service/kind.js';
import type { KindSpec } from './spec.js';
import { toolKind } from './tool/kind.js';

export const KINDS: readonly KindSpec[] = [toolKind, resourceKind, promptKind, serviceKind];

/** The layout of the kinds' services (registered in setup()), if one of the kinds is services. */
export function serviceLayoutOf(kinds: readonly KindSpec[]): ServiceLayout | undefined {
  return kinds.find((k) => k.serviceLayout)?.serviceLayout;
}

/** Words as a sentence lists them: `tool, resource, prompt or service`. */
export function oneOf(words: string[]): string {
  return listed(words, 'or');
}

/** Words as a sentence lists them all: `tool, resource, prompt and service`. */
export function allOf(words: string[]): string {
  return listed(words, 'and');
}

function listed(words: string[], last: string): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}
