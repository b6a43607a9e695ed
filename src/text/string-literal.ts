/**
 * The only way user text enters generated code: as a TypeScript string literal that evaluates to
 * exactly the text typed, written the way Biome would write it so `biome check` has nothing to
 * say: single quotes unless the text holds more single than double quotes, only the chosen quote
 * escaped, and `${` spelled `\u0024{` (Biome flags `${` in a plain string as a likely mistake).
 * Backticks and `*\/` are inert inside a quoted string; line terminators must be escaped.
 */
export function tsString(text: string): string {
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  const quote = singles > doubles ? '"' : "'";
  const body = text.replace(/[\\'"\n\r\u2028\u2029]|\$\{/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case "'":
      case '"':
        return c === quote ? `\\${c}` : c;
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\u2028':
        return '\\u2028';
      case '\u2029':
        return '\\u2029';
      default:
        return '\\u0024{';
    }
  });
  return `${quote}${body}${quote}`;
}

/**
 * Display width as Biome measures it for line breaking: wide East Asian characters and emoji with
 * emoji presentation count two columns, combining marks and variation selectors none, everything
 * else one.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    if (/\p{Mn}|\p{Me}|\u200d|[\ufe00-\ufe0f]/u.test(ch)) continue;
    // Emoji_Presentation, not Extended_Pictographic: the latter also holds ©, ®, ™, ❤, ☀, which
    // are one column wide (East Asian Width "neutral"), as Biome counts them.
    width +=
      /\p{Emoji_Presentation}|[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
        ch,
      )
        ? 2
        : 1;
  }
  return width;
}

/**
 * An object property holding user text, laid out as Biome lays it out: on one line when it fits
 * the line width, else the literal on the next line, one indent deeper (Biome never splits a
 * string).
 */
export function stringProperty(key: string, text: string, indent: string, lineWidth = 100): string {
  const literal = tsString(text);
  const oneLine = `${indent}${key}: ${literal},`;
  // Biome leaves the value beside a key shorter than five columns (breaking would gain nothing).
  if (displayWidth(oneLine) <= lineWidth || displayWidth(key) < 5) return oneLine;
  return `${indent}${key}:\n${indent}  ${literal},`;
}
