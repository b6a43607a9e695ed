/**
 * The buffer the bundles and their code caches are read into in turn (src/startup/read-buffer.ts):
 * every file reads back whole and exact, and a file that fits reuses the memory the last one was
 * read into, which is what it is for.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSharedFile } from '../../src/startup/read-buffer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-read-buffer-'));
let count = 0;
function file(size: number): { name: string; bytes: Buffer } {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 997) bytes[i] = (i / 997 + count) & 0xff;
  const name = path.join(dir, `f${count++}`);
  writeFileSync(name, bytes);
  return { name, bytes };
}
describe('readSharedFile', () => {
  it('reads each file whole and exact, the empty one too, and reuses the memory of the one before', () => {
    const sizes = [1_800_000, 1_100_000, 0, 4_300_000, 3_200_000, 10];
    let memory: ArrayBuffer | undefined;
    for (const size of sizes) {
      const { name, bytes } = file(size);
      const got = readSharedFile(name);
      expect(got.length).toBe(size);
      expect(got.equals(bytes)).toBe(true);
      if (memory) expect(got.buffer).toBe(memory);
      memory = got.buffer as ArrayBuffer;
    }
  });

  it('moves to a larger buffer for a file larger than the room it has, and keeps that one', () => {
    const big = file(9 * 1024 * 1024);
    const before = readSharedFile(file(100).name).buffer;
    const got = readSharedFile(big.name);
    expect(got.equals(big.bytes)).toBe(true);
    expect(got.buffer).not.toBe(before);
    const after = readSharedFile(file(5_000_000).name);
    expect(after.buffer).toBe(got.buffer);
  });
});
