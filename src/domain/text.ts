// Text helpers for blog and content pages: URL slugs, plain-text excerpts
// from HTML bodies, and paragraph splitting.

const SLUG_MAX = 80;

/** 'Fresh Tilapia & Chips!' → 'fresh-tilapia-and-chips'; blank → 'untitled'. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // drop accents: 'é' → 'e'
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'untitled' : slug;
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

// Block-level tags separate words; inline tags (<b>, <a>) do not.
const BLOCK_TAG = /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|section|article|header|footer|table|tr|td|th|pre)\b[^>]*>/gi;

/** HTML → plain text: tags removed, common entities decoded once, whitespace collapsed. */
export function stripMarkup(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(BLOCK_TAG, ' ')
      .replace(/<[^>]*>/g, '')
      // One pass, so '&amp;lt;' becomes the text '&lt;', not '<'.
      .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Blog card teaser: plain text, cut at a word boundary and marked with '...'. */
export function excerpt(text: string, max = 150): string {
  const plain = stripMarkup(text);
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const breakAt = plain[max] === ' ' ? max : cut.lastIndexOf(' ');
  // A single word longer than max is cut hard rather than dropped.
  const kept = (breakAt > 0 ? cut.slice(0, breakAt) : cut).trimEnd();
  return `${kept}...`;
}

/** Blog body → paragraphs, split on one or more blank (or whitespace-only) lines. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
