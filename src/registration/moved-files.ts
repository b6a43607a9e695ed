/**
 * A file a rename moves, renamed on its move facts (ts/move-facts.ts) instead of its parse: its
 * own exports at the identifiers a parse would rename, its module paths, its string literals equal
 * to the old MCP name; then, as for any moved file, the words it says of its old self. Possible
 * where none of those edits falls inside an import or export (whose order Biome keeps stays as it
 * was): the reference facts of the text written, and the definitions in it, are derived from the
 * old ones then, without a parse.
 */

import type { MoveFacts } from '../ts/move-facts.js';
import { isNameLike, type ReferenceFacts } from '../ts/reference-facts.js';
import type { TextEdit } from '../ts/text-edits.js';
import type { FoundDefinition } from './found-definitions.js';
import { NeedsParse } from './references.js';
import { type RenameMap, renamesStringsIn, renameWords, wordsOf } from './rename-map.js';

export class MovedOnFacts {
  private readonly words: [string, string][];

  constructor(
    readonly file: string,
    private readonly facts: MoveFacts,
    private readonly text: string,
    private readonly map: RenameMap,
  ) {
    this.words = wordsOf(map);
  }

  /** Its own exports renamed where a parse would rename them (bindings.ts). */
  ownEdits(): TextEdit[] {
    const edits: TextEdit[] = [];
    for (const [name, to] of this.map.exports.get(this.file) ?? []) {
      // A name the file does not export of its own is renamed where its parse says.
      const starts = this.facts.own.find(([n]) => n === name)?.[1];
      if (!starts) throw new NeedsParse(this.file);
      for (const pos of starts) {
        if (!this.text.startsWith(name, pos)) throw new NeedsParse(this.file);
        edits.push({ pos, end: pos + name.length, text: to });
      }
    }
    return edits;
  }

  /** Its module paths, each as `next` has it where it changes. */
  pathEdits(next: (specifier: string) => string | undefined): TextEdit[] {
    return this.facts.paths.flatMap(([specifier, pos, end]) => {
      const to = next(specifier);
      const q = this.text[pos]!;
      return to ? [{ pos, end, text: `${q}${to}${q}` }] : [];
    });
  }

  /** Its string literals equal to the old MCP name, where the rename renames them. */
  stringEdits(): TextEdit[] {
    const m = this.map.mcpName;
    if (!m || !renamesStringsIn(this.map, this.file)) return [];
    // A name the facts could not hold is looked for on the parse.
    if (!isNameLike(m.from)) throw new NeedsParse(this.file);
    return this.facts.strings.flatMap(([value, pos, end]) => {
      const q = this.text[pos]!;
      return value === m.from ? [{ pos, end, text: `${q}${m.to}${q}` }] : [];
    });
  }

  /** The text the edits make, and the words renamed in it; NeedsParse where an edit falls in an import or export. */
  textAfter(edits: readonly TextEdit[], apply: (text: string, edits: TextEdit[]) => string): string {
    const inStatement = (e: TextEdit) => this.facts.statements.some(([s, end]) => e.pos < end && (e.end ?? e.pos) > s);
    if (edits.some(inStatement)) throw new NeedsParse(this.file);
    return renameWords(apply(this.text, [...edits]), this.words);
  }

  /**
   * What a string literal of the text whose value was `value` holds once renamed: the new MCP name
   * for the old one, and then the words; undefined where a literal of that value is written with
   * escapes (the words are renamed in its text, not its value) or there is none.
   */
  valueAfter(value: string): string | undefined {
    const literals = this.facts.strings.filter(([v]) => v === value);
    if (literals.length === 0 || literals.some(([v, pos, end]) => this.text.slice(pos + 1, end - 1) !== v))
      return undefined;
    const m = this.map.mcpName;
    const renamed = m && value === m.from && renamesStringsIn(this.map, this.file) ? m.to : value;
    return renameWords(renamed, this.words);
  }

  /** An export name of the file once renamed: its new name, then the words. */
  exportAfter(name: string): string {
    return renameWords(this.map.exports.get(this.file)?.get(name) ?? name, this.words);
  }

  /** The reference facts of the text written, from the file's own; undefined where they cannot be told. */
  referenceFactsAfter(
    facts: ReferenceFacts,
    next: (specifier: string) => string | undefined,
  ): ReferenceFacts | undefined {
    // Paths in imports and exports were moved on the file's parse (textAfter), but for those in
    // nested declarations, which a rename leaves as they are.
    if (facts.refs.some((r) => (r.kind === 'import' || r.kind === 'export') && next(r.specifier))) return undefined;
    const refs = facts.refs.map((r) => ({
      ...r,
      specifier: renameWords(next(r.specifier) ?? r.specifier, this.words),
    }));
    // A module path with escapes in its literal is renamed in its text: only one the words leave alone is told.
    if (facts.refs.some((r, i) => refs[i]!.specifier !== (next(r.specifier) ?? r.specifier))) return undefined;
    if (this.facts.paths.some(([v, pos, end]) => next(v) && this.text.slice(pos + 1, end - 1) !== v)) return undefined;
    const strings: string[] = [];
    for (const [value] of this.facts.strings) {
      const after = this.valueAfter(value);
      if (after === undefined) return undefined;
      if (!strings.includes(after)) strings.push(after);
    }
    return { refs, exports: facts.exports.map((n) => this.exportAfter(n)), strings };
  }

  /** The definition `d` of the file, as the moved file defines it; undefined where that cannot be told. */
  definitionAfter(d: FoundDefinition, dest: string): FoundDefinition | undefined {
    const value = (v: string | null | undefined) => (v === null || v === undefined ? v : this.valueAfter(v));
    const name = value(d.name);
    const uri = value(d.uri);
    if (name === undefined || (d.uri !== undefined && uri === undefined)) return undefined;
    return {
      ...d,
      name,
      file: dest,
      exportName: d.exportName === null ? null : this.exportAfter(d.exportName),
      ...(d.uri !== undefined ? { uri } : {}),
    };
  }
}
