// The build's rewrite of react-router (scripts/vite-router-tree-shaking.ts) on the installed
// react-router: every component it makes at its top level is marked pure and its developer-tools
// name dropped, so the bundler can leave out those the app never uses. A react-router written
// another way fails here, before the first download quietly grows back.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markRouterPure } from '../../scripts/vite-router-tree-shaking';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'development');
/** The built file that defines the components (Link, Form, …). */
const componentsFile = readdirSync(dist)
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => readFileSync(path.join(dist, f), 'utf8'))
  .find((code) => /^var Form = /m.test(code));

describe("react-router's build, as the web build rewrites it", () => {
  it('has the file that makes the components', () => {
    expect(componentsFile).toBeDefined();
  });

  it('marks each top-level component and context pure and drops their names', () => {
    const { code, marked, dropped } = markRouterPure(componentsFile ?? '');
    for (const name of ['Link', 'NavLink', 'Form', 'FetchersContext', 'DataRouterContext']) {
      expect(code).toMatch(new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.`, 'm'));
    }
    expect(code).not.toMatch(/^Form\.displayName = /m);
    expect(marked).toBeGreaterThanOrEqual(10);
    expect(dropped).toBeGreaterThanOrEqual(10);
  });

  it('changes nothing else', () => {
    const { code } = markRouterPure('var x = React.useState(1);\nfoo.displayName = name;\n  Inner.displayName = "Inner";\n');
    expect(code).toBe('var x = React.useState(1);\nfoo.displayName = name;\n  Inner.displayName = "Inner";\n');
  });
});
