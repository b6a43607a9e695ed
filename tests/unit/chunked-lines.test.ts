/** Lines printed a chunk at a time give the bytes of one text of them all. */
import { describe, expect, it } from 'vitest';
import { chunkedLines } from '../../src/commands/chunked-lines.js';

function printed(lines: string[], chunkSize?: number) {
  const texts: string[] = [];
  const out = chunkedLines((text) => texts.push(text), chunkSize);
  for (const line of lines) out.line(line);
  out.end();
  return { bytes: texts.map((t) => `${t}\n`).join(''), writes: texts.length, count: out.count };
}

describe('chunkedLines', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => `  demo_item${i}_find  ${'x'.repeat(i % 150)}`);
  const lines = ['Tools (3000)', ...rows, '', '', 'summary'];

  it.each([[undefined], [1], [100], [4096]])('prints what one text would (chunks of %s)', (size) => {
    const { bytes, writes, count } = printed(lines, size);
    expect(bytes).toBe(`${lines.join('\n')}\n`);
    expect(count).toBe(lines.length);
    expect(writes).toBeGreaterThan(1);
  });

  it('prints a short listing in one write, and nothing for none', () => {
    expect(printed(['a', '', 'b'])).toEqual({ bytes: 'a\n\nb\n', writes: 1, count: 3 });
    expect(printed([])).toEqual({ bytes: '', writes: 0, count: 0 });
  });
});
