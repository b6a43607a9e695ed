/**
 * The parsed options of `add tool`, in a module of their own: the generator and the modules it
 * calls (variants, shaped tools, shared data, the app resource) all take them, and importing them
 * from the generator would make those modules and the generator import each other.
 */

import type { z } from 'zod';
import { optionsSchema } from '../schema.js';
import { toolSpec } from './spec.js';

export const addToolOptions = optionsSchema(toolSpec.options);
export type AddToolOptions = z.input<typeof addToolOptions>;
export type ParsedToolOptions = z.output<typeof addToolOptions>;
