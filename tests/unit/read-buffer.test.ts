/**
 * The buffer the bundles and their code caches are read into in turn (src/engine/read-buffer.ts):
 * every file reads back whole and exact, and a file that fits reuses the memory the last one was
 * read into, which is what it is for. Text read through it (the caches, the disk host) is what
 * readFileSync gives, and outlives the next read.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskHost } from '../../src/engine/host.js';
import { readSharedFile, readSharedText, sharedUtf8 } from '../../src/engine/read-buffer.js';

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

describe('text read through the shared buffer', () => {
  const texts = {
    ascii: Buffer.from('{"format":6}\n["a",1]\n'),
    utf8: Buffer.from('café — 日本 🙂\n'),
    bom: Buffer.from('\ufeffexport const x = 1;\n'),
    // A lone continuation byte, a truncated sequence and a Latin-1 é: replaced, as readFileSync's 'utf8' does.
    malformed: Buffer.from([0x61, 0x80, 0x62, 0xe6, 0x97, 0x63, 0xe9, 0x0a]),
  };

  it("readSharedText gives readFileSync's 'utf8' text, which the next read does not change", () => {
    const read = Object.entries(texts).map(([name, bytes]) => {
      const f = path.join(dir, `text-${name}`);
      writeFileSync(f, bytes);
      const text = readSharedText(f);
      expect(text).toBe(readFileSync(f, 'utf8'));
      return [f, text] as const;
    });
    readSharedFile(file(2_000_000).name);
    for (const [f, text] of read) expect(text).toBe(readFileSync(f, 'utf8'));
  });

  it('the disk host reads UTF-8 exactly (its BOM kept) and tells the malformed file apart, as before', () => {
    for (const [name, bytes] of Object.entries(texts)) writeFileSync(path.join(dir, `host-${name}`), bytes);
    const host = new DiskHost(dir);
    const utf8 = host.read('host-utf8');
    const bom = host.read('host-bom');
    const malformed = host.read('host-malformed');
    readSharedFile(file(2_000_000).name);
    expect(utf8).toBe('café — 日本 🙂\n');
    expect(bom).toBe('\ufeffexport const x = 1;\n');
    expect(host.isUndecodable('host-bom')).toBe(false);
    expect(malformed).toBe(texts.malformed.toString('utf8'));
    expect(host.isUndecodable('host-malformed')).toBe(true);
    expect(host.read('host-missing')).toBeUndefined();
  });

  it('sharedUtf8 gives the UTF-8 bytes of a text, in the buffer the reads use, larger than it or not', () => {
    for (const text of ['café — 日本 🙂\n', 'x'.repeat(9_000_000), '\ud800 lone']) {
      const bytes = sharedUtf8(text);
      expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
      expect(bytes.buffer).toBe(readSharedFile(file(10).name).buffer);
    }
  });

  it('sharedUtf8 of a text in parts gives the bytes of each part in turn', () => {
    const cases: string[][] = [
      [],
      [''],
      ['{"a":1}\n', '["é",2]'],
      ['\ud800', '\udc00 not joined'],
      ['x'.repeat(9_000_000), '🙂'],
    ];
    for (const parts of cases) {
      const bytes = sharedUtf8(parts);
      const each = Buffer.concat(parts.map((p) => Buffer.from(p, 'utf8')));
      expect(bytes.equals(each), JSON.stringify(parts).slice(0, 40)).toBe(true);
    }
  });
});
