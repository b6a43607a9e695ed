/**
 * The build's precompiled templates by their path in dist/ (`kinds/tool/templates/tool.ts.hbs`),
 * when the CLI runs from its bundle: scripts/build-bundle.mjs puts every `x.hbs.cjs` in place of
 * this module there, so that they load with the bundle (and its code cache) instead of one file
 * at a time. Empty in tsc's modules, which require the file beside each template.
 */
export const EMBEDDED: Readonly<Record<string, unknown>> = {};
