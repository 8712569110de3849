// Content pages are HTML written by the merchant, so untrusted: sanitised before they are
// stored and again before they are sent, so only plain document markup ever reaches a browser
// (which applies the same policy, src/domain/page-html-policy.ts, once more before rendering).
import sanitizeHtml from 'sanitize-html';
import {
  PAGE_HTML_ATTRIBUTES,
  PAGE_HTML_DROPPED_WITH_CONTENT,
  PAGE_HTML_TAGS,
  PAGE_IMAGE_SCHEMES,
  PAGE_LINK_SCHEMES,
  NEW_TAB_REL,
  hiddenContentMessage,
  hiddenPageContent,
  swallowedContentMessage,
  swallowedPageContent,
} from '@/domain/page-html-policy';
import { plainTextBody } from '@/domain/plain-text-body';
import { badRequest } from '../../errors';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...PAGE_HTML_TAGS],
  // rel and loading are set by transformTags below (transforms run before this filter).
  allowedAttributes: Object.fromEntries(Object.entries(PAGE_HTML_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...PAGE_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...PAGE_IMAGE_SCHEMES] },
  allowProtocolRelative: false,
  // Script and style bodies are dropped with their tags, never kept as text.
  nonTextTags: [...PAGE_HTML_DROPPED_WITH_CONTENT],
  transformTags: {
    // A link that opens a new tab must not hand the new page a handle to ours.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: target === '_blank' ? { ...attribs, target, rel: NEW_TAB_REL } : attribs,
    }),
    // Images in pages load lazily: they are below the page title.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A merchant's page as it is saved: sanitised, unless the policy would silently take the merchant's
 * own text with a dropped element (an unclosed <style>, say); then a 400 names what would go.
 */
export function sanitizePageHtmlForSave(html: string): string {
  refuseHiddenContent(html, 'page');
  const swallowed = swallowedPageContent(html);
  if (swallowed) {
    const message = swallowedContentMessage(swallowed);
    throw badRequest(message, { content: message });
  }
  return sanitizePageHtml(html);
}

/** A blog post's body as it is saved: markup removed, unless that would hide the merchant's text too. */
export function plainTextBodyForSave(body: string): string {
  refuseHiddenContent(body, 'post');
  return plainTextBody(body);
}

/** A comment left open, CDATA or a data-block script would drop text unseen: a 400 names it instead. */
function refuseHiddenContent(html: string, noun: 'page' | 'post'): void {
  const hidden = hiddenPageContent(html);
  if (hidden) {
    const message = hiddenContentMessage(hidden, noun);
    throw badRequest(message, { content: message });
  }
}
