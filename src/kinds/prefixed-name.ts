/**
 * The words a name would have with the server prefix, for the warning on a name that lacks it.
 * A name that starts with another form of the prefix has that form replaced instead of the prefix
 * put before it: `pubmed_search_articles` under `pubmed12` is `pubmed12_search_articles`, not
 * `pubmed12_pubmed_search_articles`; likewise `acme` under `acme_catalog`, `pubmed12` under
 * `pubmed_12`, and `pubmed12` under `pubmed`.
 */

/**
 * Whether `text` (the name's leading words run together) is a form of the prefix run together:
 * the start of it, long enough to hold its first word without trailing digits, or all of it with
 * digits after.
 */
function isFormOf(text: string, prefix: string): boolean {
  const whole = prefix.replaceAll('_', '');
  const stem = prefix.split('_')[0]!.replace(/\d+$/, '');
  if (whole.startsWith(text)) return text.length >= stem.length;
  return text.startsWith(whole) && /^\d+$/.test(text.slice(whole.length));
}

/** `words` with the server prefix in front, in place of the longest leading form of it they have. */
export function prefixedWords(words: readonly string[], prefix: string): string[] {
  let replaced = 0;
  let text = '';
  // At least one word of the name stays after the prefix.
  for (let k = 1; k < words.length; k++) {
    text += words[k - 1];
    if (isFormOf(text, prefix)) replaced = k;
  }
  return [...prefix.split('_'), ...words.slice(replaced)];
}
