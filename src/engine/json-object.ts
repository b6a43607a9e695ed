/**
 * Whether a value parsed from JSON (a cache file, a user's schema) is an object: not null and not
 * an array, which `typeof` also calls objects.
 */
export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
