import { describe, expect, it } from 'vitest';
import { withoutUnusedCustomProperties } from './unused-custom-properties';

describe('custom properties nothing reads', () => {
  it('are left out of the theme, the @property rules and the fallbacks; those read stay', () => {
    const css =
      '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-border-style:solid;--tw-ring-color:initial}}}' +
      '@layer theme{:root,:host{--color-brand-700:#0e5a6e;--color-red-700:#b91c1c;--spacing:.25rem}}' +
      '.border-b{border-bottom-style:var(--tw-border-style);border-bottom-width:1px}.px-4{padding-inline:calc(var(--spacing)*4)}' +
      '.text-brand-700{color:var(--color-brand-700)}' +
      '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}';
    const out = withoutUnusedCustomProperties(css);
    expect(out).toBe(
      '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-border-style:solid}}}' +
        '@layer theme{:root,:host{--color-brand-700:#0e5a6e;--spacing:.25rem}}' +
        '.border-b{border-bottom-style:var(--tw-border-style);border-bottom-width:1px}.px-4{padding-inline:calc(var(--spacing)*4)}' +
        '.text-brand-700{color:var(--color-brand-700)}' +
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
    );
  });

  it('keeps a property read only by another kept one, and drops a chain nobody reads at its end', () => {
    const css = ':root{--a:1px;--b:var(--a);--c:2px;--d:var(--c)}.x{width:var(--b)}';
    expect(withoutUnusedCustomProperties(css)).toBe(':root{--a:1px;--b:var(--a)}.x{width:var(--b)}');
  });

  it('keeps one an inline style of the page reads, and a declaration whose value it cannot read safely', () => {
    const css = ':root{--color-accent-400:#f4c95d;--tw-content:"";--unused:1px}';
    const document = '<p style="color:var(--color-accent-400)">x</p>';
    expect(withoutUnusedCustomProperties(css, document)).toBe(':root{--color-accent-400:#f4c95d;--tw-content:""}');
  });
});
