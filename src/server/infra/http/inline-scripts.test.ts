import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (s: string) => `sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}`;

describe('the inline scripts the Content-Security-Policy allows', () => {
  it('hashes exactly the body of each inline script, and no script loaded from a file', () => {
    const html =
      '<head><script data-early-taps>(()=>{let a=1})();</script></head>' +
      '<body><script type="module" src="/assets/boot-x.js" data-app-entry="/assets/index-y.js"></script>' +
      '<script type="application/ld+json">{"a":1}</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('(()=>{let a=1})();'), sha('{"a":1}')]);
  });

  it('allows nothing when the page has no inline script', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>x</p>')).toEqual([]);
  });
});
