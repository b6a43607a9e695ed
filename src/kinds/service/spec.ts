import { testOption } from '../options.js';
import type { KindData } from '../spec.js';
import { serviceLayout } from './layout.js';
import { serviceTest } from './test-template.js';

const examples = `
Examples:
  $ mcp-scaffold add service ncbi --description "Wraps the NCBI E-utilities API."
  $ mcp-scaffold add service ncbi --storage       # keeps fetched records in the framework's storage
  $ mcp-scaffold add service ncbi --dry-run --json

Writes src/services/<name>/<name>-service.ts (a class whose methods take ctx, with
init<Name>Service()/get<Name>Service()), its types.ts and tests/services/<name>/<name>-service.test.ts,
then imports init<Name>Service and calls it from createApp's setup() (adding setup(core) when there
is none) with what it takes: init<Name>Service(core.config), or (core.config, core.storage) with
--storage. Tools reach it with: mcp-scaffold add tool <name> --service <name>`;

export const serviceSpec = {
  name: 'service',
  summary: 'add a service: class with init/get accessors, types, test, setup() registration',
  example: 'add service acme',
  examples,
  heading: 'Services',
  serviceLayout,
  testTemplate: serviceTest,
  reservedNames: [],
  options: {
    description: {
      flags: '-d, --description <text>',
      help: 'what the service wraps (one sentence, for its file header)',
      type: (z) => z.string().optional(),
    },
    storage: {
      flags: '--storage',
      help: "keep fetched records in the framework's tenant-scoped storage: the service then takes (config, storage)",
      type: (z) => z.boolean().default(false),
    },
    test: testOption,
  },
} satisfies KindData;
