/**
 * Names a generated file cannot use as the user typed them: words JavaScript reserves where a
 * binding is made, and keys every object already has. A field name becomes a key of an object
 * literal (`z.object({ … })`, a test's sample input, a URI's params); an export name becomes a
 * module-level binding.
 */

/**
 * Words that cannot be a binding name in an ES module: the reserved words, those strict mode
 * reserves, and `eval`/`arguments`, which strict mode forbids binding (plus `undefined`, `NaN` and
 * `Infinity`, which the project's Biome refuses to shadow).
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with yield let static implements interface package private ' +
    'protected public await arguments eval undefined NaN Infinity'
  ).split(' '),
);

/**
 * The properties every object inherits (`constructor`, `toString`, `hasOwnProperty`, `__proto__`…),
 * read from the runtime rather than listed: a schema field of that name is never missing, since
 * an input without it reads the inherited function; and the global object inherits them too, so
 * a binding of that name hides a global (the project's Biome refuses it).
 */
export const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Why `name` cannot be a key of a generated object, or undefined when it can: `__proto__` written
 * as a key sets the object's prototype instead of adding a field, and every other inherited name
 * is read from Object.prototype when the field is left out (zod then sees a function).
 */
export function objectKeyProblem(name: string): string | undefined {
  if (name === '__proto__')
    return '__proto__ as an object key sets the prototype, so the schema would have no such field';
  if (INHERITED_NAMES.has(name)) {
    return `every object inherits ${name} from Object.prototype, so an input without the field would read the inherited function`;
  }
  return undefined;
}

/** A name like `name` that objectKeyProblem accepts, for a hint: `__proto__` → protoValue. */
export function usableKeyLike(name: string): string {
  return `${name.replace(/^_+|_+$/g, '') || 'field'}Value`;
}
