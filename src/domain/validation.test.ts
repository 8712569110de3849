import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MESSAGES,
  TEXT_LIMITS,
  checkoutCustomerSchema,
  contactMessageSchema,
  emailSchema,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  newsletterSchema,
  normalizeEmail,
  normalizePhone,
  passwordSchema,
  phoneSchema,
  plainLineText,
  profileSchema,
  SANITIZE_MAX_INPUT,
  sanitizeText,
  signInSchema,
  signUpSchema,
} from './validation';

/** [path, message] pairs, in order, or 'ok'. */
function problems(schema: z.ZodType, input: unknown): [string, string][] | 'ok' {
  const result = schema.safeParse(input);
  if (result.success) return 'ok';
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('MESSAGES', () => {
  it('keeps every message word for word', () => {
    expect(MESSAGES).toEqual({
      fillAllFields: 'Please fill in all fields',
      invalidEmail: 'Please enter a valid email address',
      invalidPhone: 'Please enter a valid phone number (e.g., +254 700 000 000)',
      passwordTooShort: 'Password must be at least 8 characters long',
      fullNameRequired: 'Full name is required',
      phoneRequired: 'Phone number is required',
      addressRequired: 'Address is required',
      checkoutRequired: 'Please fill in all required fields.',
      loginRequired: 'Please log in to continue with checkout.',
      newsletterInvalidTitle: 'Invalid email',
      newsletterAlready: 'Already subscribed',
      newsletterThanks: 'Thank you for subscribing!',
      newsletterFailedTitle: 'Subscription failed',
      newsletterFailed: 'There was an error subscribing to the newsletter. Please try again.',
      nameTooLong: 'Name must be 100 characters or fewer',
      addressTooLong: 'Address must be 300 characters or fewer',
      subjectTooLong: 'Subject must be 200 characters or fewer',
      messageTooLong: 'Message must be 5000 characters or fewer',
    });
    expect(TEXT_LIMITS).toEqual({ email: 254, name: 100, address: 300, subject: 200, message: 5000 });
  });
});

describe('email', () => {
  it.each([
    ['  Jane.Doe@Example.COM ', 'jane.doe@example.com'],
    ['a@b.co', 'a@b.co'],
  ])('normalizeEmail(%j) → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  const ofLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

  it.each([
    ['jane@example.com', true],
    ['  JANE@EXAMPLE.COM  ', true],
    ['jane.doe+fish@mail.example.co.ke', true],
    [ofLength(254), true],
    [ofLength(255), false],
    ['', false],
    ['jane', false],
    ['jane@', false],
    ['@example.com', false],
    ['jane@example', false],
    ['jane@@example.com', false],
    ['ja ne@example.com', false],
    ['jane@exa mple.com', false],
    ['jane@example..com', false],
    ['jane@.example.com', false],
    ['jane@example.com.', false],
    // What the accounts library refuses is refused here too, so the form and sign-up agree.
    ['üser@example.com', false],
    ['user@exämple.com', false],
    ['user@例え.jp', false],
    ['.jane@example.com', false],
    ['jane..doe@example.com', false],
    ['jane@example.c', false],
  ])('isValidEmail(%j) → %s', (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });

  it.each<[unknown, [string, string][] | 'ok']>([
    ['jane@example.com', 'ok'],
    ['nope', [['', MESSAGES.invalidEmail]]],
    ['', [['', MESSAGES.invalidEmail]]],
    [undefined, [['', MESSAGES.invalidEmail]]],
  ])('emailSchema %j', (input, expected) => {
    expect(problems(emailSchema, input)).toEqual(expected);
  });

  it('emailSchema outputs the normalised address', () => {
    expect(emailSchema.parse(' Jane@Example.com ')).toBe('jane@example.com');
  });
});

describe('phone', () => {
  it.each([
    ['+254 700 000 000', '+254700000000'],
    ['(0712) 345-678', '0712345678'],
    ['[+1] 555\t123 4567', '+15551234567'],
  ])('normalizePhone(%j) → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['+254 700 000 000', true],
    ['254700000000', true],
    ['+254-700-000-000', true],
    ['0712 345 678', true], // local Kenyan forms
    ['0112-345-678', true],
    ['712345678', true],
    ['+1 555 123 4567', true], // other countries with '+'
    ['+1234567', true], // 7 digits
    ['+123456', false], // 6 digits
    ['+123456789012345', true], // 15 digits
    ['+1234567890123456', false], // 16 digits
    ['15551234567', false], // a foreign number needs its '+'
    ['+0712345678', false],
    ['++254700000000', false],
    ['254+700000000', false],
    ['2547OO000000', false],
    ['', false],
    ['  ', false],
  ])('isValidPhone(%j) → %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected);
  });

  it.each<[unknown, [string, string][] | 'ok']>([
    ['+254 700 000 000', 'ok'],
    ['0712', [['', MESSAGES.invalidPhone]]],
    [undefined, [['', MESSAGES.invalidPhone]]],
  ])('phoneSchema %j', (input, expected) => {
    expect(problems(phoneSchema, input)).toEqual(expected);
  });

  it.each([
    ['  +254 700 000 000 ', '+254700000000'],
    ['0712 345 678', '+254712345678'],
    ['(0712) 345-678', '+254712345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('phoneSchema stores %j as %j', (input, expected) => {
    expect(phoneSchema.parse(input)).toBe(expected);
  });
});

describe('password', () => {
  it.each([
    ['12345678', true],
    ['1234567', false],
    ['', false],
    ['        ', true], // spaces count: passwords are never trimmed
  ])('isValidPassword(%j) → %s', (input, expected) => {
    expect(isValidPassword(input)).toBe(expected);
  });

  it.each<[unknown, [string, string][] | 'ok']>([
    ['longenough', 'ok'],
    ['short', [['', MESSAGES.passwordTooShort]]],
    [undefined, [['', MESSAGES.passwordTooShort]]],
  ])('passwordSchema %j', (input, expected) => {
    expect(problems(passwordSchema, input)).toEqual(expected);
  });
});

describe('sanitizeText', () => {
  it.each([
    ['  Jane Doe  ', 'Jane Doe'],
    ['Jane<script>alert(1)</script> Doe', 'Jane Doe'],
    ['<SCRIPT src="x.js"></SCRIPT>Kilimani', 'Kilimani'],
    ['Plot 5<script>', 'Plot 5'],
    ['</script>Road', 'Road'],
    ['<script>\nmulti\nline\n</script>ok', 'ok'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JavaScript :void(0)', 'void(0)'],
    ['javajavascript:script:x', 'x'], // no reassembly
    ['<img src=x onerror=alert(1)>', '<img src=x alert(1)>'],
    ['<b onclick = "x()">', '<b  "x()">'], // only the handler name and '=' go
    ['<a ONMOUSEOVER=x>', '<a x>'],
    ['Lemon Road, Location=5', 'Lemon Road, Location=5'], // 'on' inside a word is kept
    ['Ngong Road, Karen', 'Ngong Road, Karen'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected);
  });

  it('looks at no more than SANITIZE_MAX_INPUT characters, so hostile text cannot stall the server', () => {
    expect(sanitizeText('a'.repeat(SANITIZE_MAX_INPUT * 3))).toHaveLength(SANITIZE_MAX_INPUT);
    // Quadratic for the block pattern when it has no end: the cut keeps it to a bounded cost.
    expect(sanitizeText('Kilimani <script '.repeat(100_000))).toBe('Kilimani');
  });
});

describe('signUpSchema', () => {
  const valid = {
    fullName: ' Jane Doe ',
    email: ' Jane@Example.com ',
    phone: '+254 700 000 000',
    address: 'Kilimani<script>x</script>',
    password: 'secret123',
  };

  it('outputs sanitised, normalised values', () => {
    expect(signUpSchema.parse(valid)).toEqual({
      fullName: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+254700000000',
      address: 'Kilimani',
      password: 'secret123',
    });
  });

  it.each<[string, Record<string, unknown>, [string, string][]]>([
    ['empty name', { ...valid, fullName: '' }, [['fullName', MESSAGES.fillAllFields]]],
    ['blank address', { ...valid, address: '   ' }, [['address', MESSAGES.fillAllFields]]],
    ['script-only name', { ...valid, fullName: '<script>x</script>' }, [['fullName', MESSAGES.fillAllFields]]],
    ['empty password', { ...valid, password: '' }, [['password', MESSAGES.fillAllFields]]],
    ['missing phone', { ...valid, phone: undefined }, [['phone', MESSAGES.fillAllFields]]],
    // Empty fields win over other problems in the same submission.
    ['empty email plus short password', { ...valid, email: '', password: 'x' }, [['email', MESSAGES.fillAllFields]]],
    ['bad email', { ...valid, email: 'jane' }, [['email', MESSAGES.invalidEmail]]],
    ['bad phone', { ...valid, phone: '0712 345 67' }, [['phone', MESSAGES.invalidPhone]]],
    ['foreign phone without +', { ...valid, phone: '15551234567' }, [['phone', MESSAGES.invalidPhone]]],
    ['short password', { ...valid, password: '1234567' }, [['password', MESSAGES.passwordTooShort]]],
    ['long name', { ...valid, fullName: 'x'.repeat(101) }, [['fullName', MESSAGES.nameTooLong]]],
    ['long address', { ...valid, address: 'x'.repeat(301) }, [['address', MESSAGES.addressTooLong]]],
    [
      'several problems, in field order',
      { ...valid, email: 'bad', phone: '12', password: 'short' },
      [
        ['email', MESSAGES.invalidEmail],
        ['phone', MESSAGES.invalidPhone],
        ['password', MESSAGES.passwordTooShort],
      ],
    ],
  ])('%s', (_label, input, expected) => {
    expect(problems(signUpSchema, input)).toEqual(expected);
  });
});

describe('signInSchema', () => {
  it.each<[Record<string, unknown>, [string, string][] | 'ok']>([
    [{ email: 'jane@example.com', password: 'x' }, 'ok'], // no length rule at sign-in
    [{ email: '', password: 'secret123' }, [['email', MESSAGES.fillAllFields]]],
    [{ email: 'jane@example.com', password: '' }, [['password', MESSAGES.fillAllFields]]],
    [{ email: 'jane', password: 'secret123' }, [['email', MESSAGES.invalidEmail]]],
  ])('%j', (input, expected) => {
    expect(problems(signInSchema, input)).toEqual(expected);
  });

  it('normalises the email but not the password', () => {
    expect(signInSchema.parse({ email: ' JANE@example.com', password: ' pw ' })).toEqual({ email: 'jane@example.com', password: ' pw ' });
  });
});

describe('profileSchema', () => {
  const valid = { fullName: 'Jane', phone: '+254700000000', address: 'Karen' };

  it.each<[Record<string, unknown>, [string, string][] | 'ok']>([
    [valid, 'ok'],
    [{ ...valid, fullName: '  ' }, [['fullName', MESSAGES.fullNameRequired]]],
    [{ ...valid, fullName: undefined }, [['fullName', MESSAGES.fullNameRequired]]],
    [{ ...valid, phone: '' }, [['phone', MESSAGES.phoneRequired]]],
    [{ ...valid, phone: undefined }, [['phone', MESSAGES.phoneRequired]]],
    [{ ...valid, phone: '0700' }, [['phone', MESSAGES.invalidPhone]]],
    [{ ...valid, address: '' }, [['address', MESSAGES.addressRequired]]],
    [{ ...valid, address: undefined }, [['address', MESSAGES.addressRequired]]],
    [{ ...valid, address: 'x'.repeat(301) }, [['address', MESSAGES.addressTooLong]]],
    [
      { fullName: '', phone: '', address: '' },
      [
        ['fullName', MESSAGES.fullNameRequired],
        ['phone', MESSAGES.phoneRequired],
        ['address', MESSAGES.addressRequired],
      ],
    ],
  ])('%j', (input, expected) => {
    expect(problems(profileSchema, input)).toEqual(expected);
  });

  it('sanitises values before saving', () => {
    expect(profileSchema.parse({ fullName: ' Jane <script>x</script>', phone: ' +254 700 000 000 ', address: 'javascript:Karen' })).toEqual(
      { fullName: 'Jane', phone: '+254700000000', address: 'Karen' },
    );
  });

  it('stores a local number in E.164', () => {
    expect(profileSchema.parse({ ...valid, phone: '0712 345 678' }).phone).toBe('+254712345678');
  });
});

describe('newsletterSchema', () => {
  it.each<[Record<string, unknown>, [string, string][] | 'ok']>([
    [{ email: 'fan@example.com' }, 'ok'],
    [{ email: '' }, [['email', MESSAGES.invalidEmail]]],
    [{ email: 'no-at-sign' }, [['email', MESSAGES.invalidEmail]]],
    [{}, [['email', MESSAGES.invalidEmail]]],
  ])('%j', (input, expected) => {
    expect(problems(newsletterSchema, input)).toEqual(expected);
  });

  it('normalises the email so duplicates are detected', () => {
    expect(newsletterSchema.parse({ email: ' Fan@Example.COM ' })).toEqual({ email: 'fan@example.com' });
  });
});

describe('contactMessageSchema', () => {
  const valid = { name: 'Jane', email: 'jane@example.com', subject: 'Order', message: 'Hello' };

  it.each<[Record<string, unknown>, [string, string][] | 'ok']>([
    [valid, 'ok'],
    [{ ...valid, message: 'x'.repeat(5000) }, 'ok'],
    [{ ...valid, name: '' }, [['name', MESSAGES.fillAllFields]]],
    [{ ...valid, subject: ' ' }, [['subject', MESSAGES.fillAllFields]]],
    [{ ...valid, message: undefined }, [['message', MESSAGES.fillAllFields]]],
    [{ ...valid, email: 'jane' }, [['email', MESSAGES.invalidEmail]]],
    [{ ...valid, name: 'x'.repeat(101) }, [['name', MESSAGES.nameTooLong]]],
    [{ ...valid, subject: 'x'.repeat(201) }, [['subject', MESSAGES.subjectTooLong]]],
    [{ ...valid, message: 'x'.repeat(5001) }, [['message', MESSAGES.messageTooLong]]],
  ])('%#', (input, expected) => {
    expect(problems(contactMessageSchema, input)).toEqual(expected);
  });

  it('sanitises the text', () => {
    expect(contactMessageSchema.parse({ ...valid, message: ' Hi <script>x</script>there ' })).toEqual({ ...valid, message: 'Hi there' });
  });
});

describe('checkoutCustomerSchema', () => {
  const valid = { fullName: 'Jane Doe', email: 'jane@example.com', phone: '+254 700 000 000', address: 'Westlands' };

  it.each<[Record<string, unknown>, [string, string][] | 'ok']>([
    [valid, 'ok'],
    [{ ...valid, fullName: '' }, [['fullName', MESSAGES.checkoutRequired]]],
    [{ ...valid, email: ' ' }, [['email', MESSAGES.checkoutRequired]]],
    [{ ...valid, phone: undefined }, [['phone', MESSAGES.checkoutRequired]]],
    [{ ...valid, address: '', email: 'bad' }, [['address', MESSAGES.checkoutRequired]]],
    [{ ...valid, email: 'bad' }, [['email', MESSAGES.invalidEmail]]],
    [{ ...valid, phone: '07' }, [['phone', MESSAGES.invalidPhone]]],
    [
      { ...valid, email: 'bad', phone: '07' },
      [
        ['email', MESSAGES.invalidEmail],
        ['phone', MESSAGES.invalidPhone],
      ],
    ],
  ])('%j', (input, expected) => {
    expect(problems(checkoutCustomerSchema, input)).toEqual(expected);
  });

  it('outputs cleaned values', () => {
    expect(checkoutCustomerSchema.parse({ ...valid, email: ' JANE@example.com ', address: ' Westlands ', phone: '0700-000-000' })).toEqual({
      ...valid,
      phone: '+254700000000',
    });
  });
});

describe('plainLineText', () => {
  it.each([
    ['<script>alert(1)</script> Kilimani', 'Kilimani'],
    ['<b>Kilimani</b>, Nairobi', 'Kilimani, Nairobi'],
    ['Blue gate >> opposite <img src=x onerror=alert(1)> Total', 'Blue gate opposite Total'],
    ['Plot 5 <', 'Plot 5'],
    ['Block C\u0001\u200e,\tApt 12', 'Block C, Apt 12'],
    ['Gate\r\ncall  on\u0085arrival\u202e', 'Gate call on arrival'],
    ['Westlands, Nairobi, Kenya', 'Westlands, Nairobi, Kenya'],
    ["Mama Njeri's house, Apt 4-B & call: 0712 345 678", "Mama Njeri's house, Apt 4-B & call: 0712 345 678"],
    ['Jikoni 🐟 Kilimani', 'Jikoni 🐟 Kilimani'],
  ])('%j → %j', (input, expected) => {
    expect(plainLineText(input)).toBe(expected);
  });
});
