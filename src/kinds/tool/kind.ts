/** The tool kind as the registry lists it: its spec, and its generator, loaded only when the kind runs. */

import type { DefinitionSpec, KindGenerator } from '../spec.js';
import { toolSpec } from './spec.js';

export const toolKind = {
  ...toolSpec,
  load: async (): Promise<KindGenerator> => {
    const { addToolGenerator, suggestDescription } = await import('./generator.js');
    return { generate: addToolGenerator, suggestDescription };
  },
} satisfies DefinitionSpec;
