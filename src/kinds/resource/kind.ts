/** The resource kind as the registry lists it: its spec, and its generator, loaded only when the kind runs. */

import type { DefinitionSpec, KindGenerator } from '../spec.js';
import { resourceSpec } from './spec.js';

export const resourceKind = {
  ...resourceSpec,
  load: async (): Promise<KindGenerator> => ({ generate: (await import('./generator.js')).addResourceGenerator }),
} satisfies DefinitionSpec;
