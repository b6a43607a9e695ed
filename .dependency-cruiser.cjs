// The layers of src/, from the front ends down to the core: a module may import its own layer
// and the layers below it, never one above, and no import cycle (type-only imports included).
// `npm run lint` checks it; the README's map of the folders names the same layers.
const LAYERS = [
  ['cli', 'mcp'],
  ['commands'],
  ['upgrade'],
  ['init'],
  ['kinds'],
  ['registration'],
  ['tasks'],
  ['project'],
  ['ts'],
  ['text'],
  ['engine'],
];

const folder = (names) => `^src/(${names.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules cannot be understood, or loaded, one after the other.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...LAYERS.slice(1).map((layer, i) => ({
      name: `${layer.join('-')}-imports-up`,
      severity: 'error',
      comment: `src/${layer.join(', ')} imports a layer above it (${LAYERS.slice(0, i + 1).flat().join(', ')}).`,
      from: { path: folder(layer), pathNot: '\\.test\\.ts$' },
      to: { path: folder(LAYERS.slice(0, i + 1).flat()) },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
