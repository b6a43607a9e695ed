import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { KINDS, oneOf } from './index.js';
import { optionsSchema } from './schema.js';
import { toolSpec } from './tool/spec.js';

describe('the kinds registry', () => {
  it('lists tool, resource, prompt and service in createApp order, each with its own name and layout', () => {
    expect(KINDS.map((k) => k.name)).toEqual(['tool', 'resource', 'prompt', 'service']);
    for (const k of KINDS) if (k.layout) expect(k.layout.kind).toBe(k.name);
    expect(KINDS.map((k) => k.layout?.appKey)).toEqual(['tools', 'resources', 'prompts', undefined]);
  });

  it.each(KINDS.map((k) => [k.name, k] as const))(
    '%s: each option is declared under the name commander gives its flags',
    (_name, spec) => {
      for (const [key, option] of Object.entries(spec.options)) {
        expect(new Option(option.flags).attributeName()).toBe(key);
        if (option.negation) expect(new Option(option.negation.flags).attributeName()).toBe(key);
      }
    },
  );

  it("a kind's schema comes from its options, with their defaults", () => {
    expect(optionsSchema(toolSpec.options).parse({ name: 'acme_find_items' })).toEqual({
      name: 'acme_find_items',
      force: false,
      overwriteEdited: false,
      devcheck: true,
      test: true,
      // Left out, these take their defaults from the verb and the kind of tool (tool/data.ts).
      idempotent: false,
      input: [],
      output: [],
      task: false,
      app: false,
    });
  });

  it('names words as a sentence lists them', () => {
    expect(oneOf(['tool'])).toBe('tool');
    expect(oneOf(['tool', 'resource', 'prompt'])).toBe('tool, resource or prompt');
  });
});
