/**
 * Lines written through `info` (which ends each text it is given with a newline) some 64 KB at a
 * time: the same bytes as one text of all the lines, without that text, and its copy as bytes,
 * in memory at once (a `list` of 3,000 definitions prints 400 KB).
 */
export function chunkedLines(info: (text: string) => void, chunkSize = 65_536) {
  let chunk: string[] = [];
  let size = 0;
  let count = 0;
  const flush = () => {
    if (chunk.length > 0) info(chunk.join('\n'));
    chunk = [];
    size = 0;
  };
  return {
    /** How many lines were given so far. */
    get count() {
      return count;
    },
    line(line: string) {
      chunk.push(line);
      count++;
      size += line.length + 1;
      if (size >= chunkSize) flush();
    },
    /** Writes what is left; call once, after the last line. */
    end: flush,
  };
}
