/** The service kind as the registry lists it: its spec, and its generator, loaded only when the kind runs. */

import type { KindGenerator, KindSpec } from '../spec.js';
import { serviceSpec } from './spec.js';

export const serviceKind = {
  ...serviceSpec,
  load: async (): Promise<KindGenerator> => ({ generate: (await import('./generator.js')).addServiceGenerator }),
} satisfies KindSpec;
