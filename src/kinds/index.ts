/**
 * The kinds `add` makes and `list` shows, one line each, in createApp's key order (which is also
 * the order of `add --help` and of `list`). A new kind is a folder under src/kinds/ and a line here.
 */

import type { ServiceLayout } from '../registration/layout.js';
import { promptSpec } from './prompt/spec.js';
import { resourceSpec } from './resource/spec.js';
import { serviceSpec } from './service/spec.js';
import type { KindSpec } from './spec.js';
import { toolSpec } from './tool/spec.js';

export const KINDS: readonly KindSpec[] = [toolSpec, resourceSpec, promptSpec, serviceSpec];

/** The layout of the kinds' services (registered in setup()), if one of the kinds is services. */
export function serviceLayoutOf(kinds: readonly KindSpec[]): ServiceLayout | undefined {
  return kinds.find((k) => k.serviceLayout)?.serviceLayout;
}

/** Words as a sentence lists them: `tool, resource, prompt or service`. */
export function oneOf(words: string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
