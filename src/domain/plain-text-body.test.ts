import { describe, expect, it } from 'vitest';
import { plainTextBody } from './plain-text-body';

describe('plainTextBody', () => {
  it.each([
    ['plain paragraphs stay', 'First line.\n\nSecond one.', 'First line.\n\nSecond one.'],
    ['Windows line ends and extra blank lines', 'One\r\n\r\n\r\nTwo', 'One\n\nTwo'],
    ['tags go, their text stays', '<p>Fresh <strong>tilapia</strong></p>\n\n<p>Daily</p>', 'Fresh tilapia\n\nDaily'],
    ['scripts go with their body', 'Hi <script>alert(1)</script>there', 'Hi there'],
    ['encoded tags cannot come back', '&lt;script&gt;alert(1)&lt;/script&gt; ok', 'ok'],
    ['ampersands are text', 'Fish & Chips', 'Fish & Chips'],
    ['a paragraph of only markup disappears', 'Keep\n\n<img src=x onerror=y>\n\nThis', 'Keep\n\nThis'],
    ['empty', '   ', ''],
    // A '<' that opens no complete tag once ran the stripping loop forever (a hung server, a frozen editor).
    ['a tag left open', 'Fresh <b', 'Fresh b'],
    ['a comment left open', '<p>Intro</p><!-- note <p>Important</p>', 'Intro !-- note Important'],
    ['an unclosed CDATA', 'Intro <![CDATA[ Important', 'Intro ![CDATA[ Important'],
  ])('%s', (_, input, output) => {
    expect(plainTextBody(input)).toBe(output);
  });
});
