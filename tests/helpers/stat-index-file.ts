/**
 * A stat index file (src/registration/stat-index.ts) seen as records, for tests that forge one:
 * read, each column record and appended line becomes `path → record` (a later line standing for
 * an earlier record, as a run reads them); written back, the records go as appended lines after
 * an empty column block, so that each keeps its own time and fields, whole or not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { emptyColumns, type IndexColumns, parseIndexText } from '../../src/registration/stat-index.js';

export interface IndexRecords {
  format: unknown;
  version: unknown;
  records: Record<string, Record<string, unknown>>;
  /** Appended lines (records or not). */
  lines: number;
}

export function readIndexRecords(file: string): IndexRecords {
  const text = readFileSync(file, 'utf8');
  const head = JSON.parse(text.split('\n')[0]!) as IndexColumns;
  const { columns, appended, lines } = parseIndexText(text, head.format, head.version);
  if (!columns) throw new Error(`${file} holds no index`);
  const records: IndexRecords['records'] = {};
  columns.paths.forEach((rel, p) => {
    records[rel] = {
      stat: columns.unstat.includes(p) ? null : columns.stats.slice(5 * p, 5 * p + 5),
      taken: columns.taken,
      hash: columns.hashes[p],
      value: columns.values[p],
      at: columns.at[p],
      ...(columns.own.includes(p) ? { own: true } : {}),
    };
  });
  for (const [rel, record] of appended) records[rel] = record as Record<string, unknown>;
  return { format: head.format, version: head.version, records, lines };
}

export function writeIndexRecords(file: string, { format, version, records }: Omit<IndexRecords, 'lines'>): void {
  const empty = { ...emptyColumns(0, ''), format, version };
  const lines = Object.entries(records).map((entry) => JSON.stringify(entry));
  writeFileSync(file, [JSON.stringify(empty), ...lines].join('\n'));
}
