/** The prompt kind as the registry lists it: its spec, and its generator, loaded only when the kind runs. */

import type { DefinitionSpec, KindGenerator } from '../spec.js';
import { promptSpec } from './spec.js';

export const promptKind = {
  ...promptSpec,
  load: async (): Promise<KindGenerator> => ({ generate: (await import('./generator.js')).addPromptGenerator }),
} satisfies DefinitionSpec;
