/**
 * The templates Handlebars compiled when the CLI's bundle was built, by their path under dist/
 * (`kinds/tool/templates/tool.ts.hbs`). Empty here: scripts/build.mjs fills this module in the
 * bundle, so that a run neither loads Handlebars' compiler nor compiles a template; tsc's modules
 * and the tests compile each template when it is first rendered.
 */
export const PRECOMPILED: Readonly<Record<string, unknown>> = {};
