import type { ServiceLayout } from '../../registration/layout.js';

/** Where services live, handed down to registration, which knows no service by name. */
export const serviceLayout: ServiceLayout = {
  kind: 'service',
  dir: 'src/services',
  fileSuffix: '-service.ts',
  testsDir: 'services',
};
