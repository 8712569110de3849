// Blog posts are plain text in paragraphs (the storefront splits the body on blank lines and shows
// each paragraph as text). Whatever markup is pasted in is removed before the body is stored, so a
// post can never carry HTML, even if it is one day rendered as HTML.
import { paragraphs, stripMarkup } from './text';

const TAG_START = /<[a-z!/?]/i;
const TAG_STARTS = /<(?=[a-z!/?])/gi;

/** Paragraphs without any markup, separated by one blank line. */
export function plainTextBody(input: string): string {
  return paragraphs(input)
    .map((p) => {
      let text = stripMarkup(p);
      // Decoding entities can reveal a tag ('&lt;script&gt;'): strip again until none is left. A '<'
      // that opens no complete tag ('Fresh <b', '<!-- note') is dropped, or this loop would never end.
      while (TAG_START.test(text)) {
        const stripped = stripMarkup(text);
        text = stripped === text ? text.replace(TAG_STARTS, '') : stripped;
      }
      return text;
    })
    .filter((p) => p !== '')
    .join('\n\n');
}
