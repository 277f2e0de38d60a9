export type FoundLink = { label: string; url: string };

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * The links in a plain-text message, each named by the words before it on its line
 * ("Reset Password: https://…" gives "Reset Password"), else by the address itself.
 */
export function findLinks(text: string): FoundLink[] {
  const found: FoundLink[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    for (const match of line.matchAll(URL_PATTERN)) {
      const url = match[0].replace(/[.,;:!?]+$/, '');
      if (seen.has(url)) continue;
      seen.add(url);
      const before = line
        .slice(0, match.index)
        .trim()
        .replace(/[:\-–—]+$/, '')
        .trim();
      const label = before && before.length <= 60 ? before : url;
      found.push({ label, url });
    }
  }
  return found;
}
