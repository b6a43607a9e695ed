/**
 * What a tool is for, read from the verb of its name (after the server prefix) and its flags:
 *
 * - search (search, find, list, query, …): a query and an optional limit in, a list out;
 * - fetch (fetch, get, read, lookup, …): an id in, one record out;
 * - write (create, add, update, set, delete, remove, …): the fields it changes in, what changed out.
 *
 * A flag that says the tool changes state (`--no-read-only`, `--destructive`, `--confirm`) makes
 * it a write tool whatever its verb; a verb nobody listed is a search, the framework's starter.
 */

export type ToolShape = 'search' | 'fetch' | 'write';

const SEARCH_VERBS = ['search', 'find', 'list', 'query', 'browse', 'match', 'filter', 'scan'];
const FETCH_VERBS = ['fetch', 'get', 'read', 'lookup', 'load', 'show', 'describe', 'retrieve', 'resolve', 'view'];
/** Verbs that destroy data: the tool is destructive unless --no-destructive says otherwise. */
export const DESTRUCTIVE_VERBS = ['delete', 'remove', 'purge', 'destroy', 'drop', 'erase', 'wipe', 'revoke'];
const WRITE_VERBS = [
  ...DESTRUCTIVE_VERBS,
  'create',
  'add',
  'insert',
  'post',
  'register',
  'upload',
  'publish',
  'save',
  'update',
  'set',
  'edit',
  'patch',
  'put',
  'write',
  'upsert',
  'rename',
  'move',
  'archive',
  'reset',
  'enable',
  'disable',
  'toggle',
  'submit',
  'cancel',
  'mark',
  'tag',
  'assign',
  'send',
  'clear',
];
/** Write verbs that make something new: no id to say what to change. */
const CREATE_VERBS = ['create', 'add', 'insert', 'post', 'register', 'upload', 'publish', 'save'];

/** The verb a shape was read from, and the shape. */
export interface ShapeChoice {
  shape: ToolShape;
  verb: string | undefined;
  /** Whether the verb itself (not a flag) says the tool changes state. */
  verbWrites: boolean;
  verbDestroys: boolean;
  verbCreates: boolean;
}

/** The shape of a tool from its unprefixed words and whether a flag said it changes state. */
export function chooseShape(words: readonly string[], flagsWrite: boolean): ShapeChoice {
  const verb = words[0];
  const is = (list: readonly string[]) => verb !== undefined && list.includes(verb);
  const choice = {
    verb,
    verbWrites: is(WRITE_VERBS),
    verbDestroys: is(DESTRUCTIVE_VERBS),
    verbCreates: is(CREATE_VERBS),
  };
  if (flagsWrite || choice.verbWrites) return { shape: 'write', ...choice };
  if (is(SEARCH_VERBS)) return { shape: 'search', ...choice };
  if (is(FETCH_VERBS)) return { shape: 'fetch', ...choice };
  return { shape: 'search', ...choice };
}
