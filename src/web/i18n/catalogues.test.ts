// Every catalogue in both languages: the same keys, messages that parse, the same placeholders and
// markup, and every plural with the forms Kiswahili and English need. A key missing from either
// language fails here (and a key the code asks for that English lacks does not compile).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/domain/locale';

type Compiled = ReturnType<typeof compileMessageOrThrow>;

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Every catalogues folder under src (the storefront's, the server's messages). */
function catalogueFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.name === 'catalogues' && path.basename(dir) === 'i18n') found.push(full);
    else found.push(...catalogueFolders(full));
  }
  return found;
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** The message's arguments, plural and select forms, and markup tags, as one comparable list. */
function shape(message: Compiled): string[] {
  const parts = new Set<string>();
  const walkMessage = (m: unknown): void => {
    for (const part of typeof m === 'string' ? [m] : Array.isArray(m) ? m : []) {
      if (typeof part === 'string') for (const tag of part.matchAll(/<\/?\d+\/?>/g)) parts.add(`tag ${tag[0]}`);
      else if (Array.isArray(part)) {
        const [name, kind, forms] = part as [string, string?, unknown?];
        parts.add(`arg ${name}${kind ? ` ${kind}` : ''}`);
        if (forms && typeof forms === 'object') for (const form of Object.values(forms)) walkMessage(form);
      }
    }
  };
  walkMessage(message);
  return [...parts].sort();
}

/** The plural forms each `{n, plural, …}` offers. */
function pluralForms(message: Compiled): string[][] {
  const found: string[][] = [];
  const walkMessage = (m: unknown): void => {
    for (const part of Array.isArray(m) ? m : []) {
      if (!Array.isArray(part)) continue;
      const [, kind, forms] = part as [string, string?, unknown?];
      if (!forms || typeof forms !== 'object') continue;
      if (kind === 'plural') found.push(Object.keys(forms).filter((form) => form !== 'offset'));
      for (const form of Object.values(forms)) walkMessage(form);
    }
  };
  walkMessage(message);
  return found;
}

const folders = catalogueFolders(path.join(ROOT, 'src'));

describe('the catalogues', () => {
  it('are found', () => {
    expect(folders.map((f) => path.relative(ROOT, f))).toContain(path.join('src', 'web', 'i18n', 'catalogues'));
  });

  for (const folder of folders) {
    const areas = readdirSync(folder)
      .filter((f) => f.endsWith('.en.json'))
      .map((f) => f.slice(0, -'.en.json'.length));
    for (const area of areas) {
      const where = `${path.relative(ROOT, folder)}/${area}`;
      const byLocale = Object.fromEntries(LOCALES.map((l) => [l, read(path.join(folder, `${area}.${l}.json`))]));

      it(`${where}: every key is in every language, and nothing else is`, () => {
        const keys = Object.keys(byLocale.en!).sort();
        expect(keys.length).toBeGreaterThan(0);
        for (const locale of LOCALES) expect(Object.keys(byLocale[locale]!).sort(), `${where}.${locale}`).toEqual(keys);
      });

      it(`${where}: every message parses, says something, and has the English one's placeholders and markup`, () => {
        for (const [key, english] of Object.entries(byLocale.en!)) {
          const expected = shape(compileMessageOrThrow(english));
          for (const locale of LOCALES) {
            const message = byLocale[locale]![key];
            expect(message?.trim(), `${where}.${locale}: ${key} is empty`).toBeTruthy();
            const compiled = compileMessageOrThrow(message!);
            expect(shape(compiled), `${where}.${locale}: ${key}`).toEqual(expected);
            for (const forms of pluralForms(compiled))
              expect(forms, `${where}.${locale}: ${key}`).toEqual(expect.arrayContaining(['one', 'other']));
          }
        }
      });
    }
  }
});

describe('the shape of a message', () => {
  it('tells a missing placeholder, tag or plural apart', () => {
    const of = (m: string) => shape(compileMessageOrThrow(m));
    expect(of('Hello {name}')).toEqual(['arg name']);
    expect(of('Habari {name}')).toEqual(of('Hello {name}'));
    expect(of('Habari')).not.toEqual(of('Hello {name}'));
    expect(of('<0>Ingia</0> kuona')).toEqual(of('<0>Sign in</0> to see'));
    expect(of('Ingia kuona')).not.toEqual(of('<0>Sign in</0> to see'));
    expect(of('{count, plural, one {# kitu} other {# vitu}}')).toEqual(of('{count, plural, one {# item} other {# items}}'));
    expect(pluralForms(compileMessageOrThrow('{n, plural, other {# vitu}}'))).toEqual([['other']]);
  });
});
