import { describe, expect, it } from 'vitest';
import { buttonMail, SHOP_COLOUR } from './button-mail';

describe('buttonMail', () => {
  const mail = buttonMail({
    shopName: 'Fish & Chicken',
    greeting: 'Hello <b>Achieng</b>,',
    lines: ['Please confirm your email address.'],
    button: { label: 'Verify my email', url: 'https://shop.example/auth?verify=abc&x="1"' },
    notes: ['The link works for 24 hours.'],
  });

  it('writes the same words as plain text, the link spelled out after the button’s label', () => {
    expect(mail.text).toBe(
      'Fish & Chicken\n\nHello <b>Achieng</b>,\n\nPlease confirm your email address.\n\n' +
        'Verify my email: https://shop.example/auth?verify=abc&x="1"\n\nThe link works for 24 hours.\n',
    );
  });

  it('has one button in the shop’s colour, and escapes every value', () => {
    expect(mail.html).toContain(`background:${SHOP_COLOUR}`);
    expect(mail.html).toContain('Fish &amp; Chicken');
    expect(mail.html).toContain('Hello &lt;b&gt;Achieng&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>');
    const href = 'href="https://shop.example/auth?verify=abc&amp;x=&quot;1&quot;"';
    expect(mail.html.split(href)).toHaveLength(3); // the button and the written-out link
    expect(mail.html.match(/>Verify my email<\/a>/g)).toHaveLength(1);
  });
});
