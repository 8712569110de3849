import { describe, expect, it } from 'vitest';
import { excerpt, paragraphs, slugify, stripMarkup } from './text';

describe('slugify', () => {
  it.each([
    ['Fresh Tilapia Arrives Today', 'fresh-tilapia-arrives-today'],
    ['  Fish & Chips!  ', 'fish-and-chips'],
    ['Café Crème brûlée', 'cafe-creme-brulee'],
    ['Top 10 -- Recipes__for 2026', 'top-10-recipes-for-2026'],
    ['---', 'untitled'],
    ['', 'untitled'],
    ['🐟🐔', 'untitled'],
    ['Nyama Choma: Kuku wa Kienyeji', 'nyama-choma-kuku-wa-kienyeji'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('caps the length at 80 without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40))).toHaveLength(79); // 'word-…-word' cut at 80 ends in '-'
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(80));
  });
});

describe('stripMarkup', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['Line<br/>break', 'Line break'],
    ['Fi<em>sh</em>', 'Fish'],
    ['Tom &amp; Jerry &lt;3 &gt; &quot;q&quot; it&#39;s&nbsp;here', 'Tom & Jerry <3 > "q" it\'s here'],
    ['&amp;lt;', '&lt;'], // decoded once only
    ['&copy; stays', '&copy; stays'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['<style>p{color:red}</style>Text', 'Text'],
    ['a <!-- note --> b', 'a b'],
    ['  lots \n\n of \t space  ', 'lots of space'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(stripMarkup(html)).toBe(text);
  });
});

describe('excerpt', () => {
  const words = 'The quick brown fox jumps over the lazy dog';

  it.each<[string, number | undefined, string]>([
    ['Short text', undefined, 'Short text'],
    ['<p>Short <b>html</b></p>', undefined, 'Short html'],
    [words, 43, words], // exactly max
    [words, 20, 'The quick brown fox...'], // cut lands mid-word
    [words, 19, 'The quick brown fox...'], // cut lands before a space
    [words, 16, 'The quick brown...'],
    ['Supercalifragilistic', 5, 'Super...'], // one long word is cut hard
    ['', 10, ''],
  ])('%j (max %s) → %j', (text, max, expected) => {
    expect(max === undefined ? excerpt(text) : excerpt(text, max)).toBe(expected);
  });

  it('defaults to 150 characters', () => {
    const long = 'word '.repeat(60).trim(); // 299 characters
    const result = excerpt(long);
    expect(result).toBe(`${'word '.repeat(30).trim()}...`);
    expect(result.length).toBeLessThanOrEqual(153);
  });
});

describe('paragraphs', () => {
  it.each([
    ['One\n\nTwo', ['One', 'Two']],
    ['One\nstill one\n\nTwo', ['One\nstill one', 'Two']],
    ['One\n \n\t\n\nTwo', ['One', 'Two']],
    ['One\r\n\r\nTwo\r\nmore', ['One', 'Two\nmore']],
    ['\n\n  Lead  \n\n\n', ['Lead']],
    ['', []],
    ['   ', []],
  ])('%j → %j', (body, expected) => {
    expect(paragraphs(body)).toEqual(expected);
  });
});
