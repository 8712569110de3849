// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { boxTables, boxTablesInHtml } from './page-tables';

const parsed = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
};

const boxedInDom = (html: string) => {
  const root = parsed(html);
  boxTables(root);
  return root.innerHTML;
};

describe('a wide table scrolls in its own box', () => {
  it.each([
    ['<p>a</p><table><tbody><tr><td>1</td></tr></tbody></table>', 'Table'],
    ['<table><caption>Delivery <b>fees</b> </caption><tbody><tr><td>1</td></tr></tbody></table>', 'Delivery fees'],
    ['<table><caption>Fish &amp; "chips"</caption><tbody><tr><td>1</td></tr></tbody></table>', 'Fish & "chips"'],
  ])('%s is boxed alike with a DOM and without one, named "%s"', (html, name) => {
    const withDom = boxedInDom(html);
    expect(parsed(boxTablesInHtml(html)).innerHTML).toBe(withDom);
    const box = parsed(withDom).querySelector('div');
    expect(box?.getAttribute('role')).toBe('region');
    expect(box?.getAttribute('tabindex')).toBe('0');
    expect(box?.getAttribute('aria-label')).toBe(name);
    expect(box?.firstElementChild?.localName).toBe('table');
  });

  it('boxes each of several tables', () => {
    const html = '<table><tbody><tr><td>1</td></tr></tbody></table><p>x</p><table><tbody><tr><td>2</td></tr></tbody></table>';
    expect(boxTablesInHtml(html).match(/role="region"/g)).toHaveLength(2);
    expect(boxedInDom(html).match(/role="region"/g)).toHaveLength(2);
  });
});
