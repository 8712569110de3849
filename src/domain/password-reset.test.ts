import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { forgotPasswordSchema, newPasswordFormSchema, PASSWORD_RESET_MESSAGES as M, resetPasswordSchema } from './password-reset';

const problems = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  return r.success ? 'ok' : r.error!.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('password reset forms', () => {
  it.each<[unknown, unknown]>([
    [{ email: ' Jane@Example.com ' }, 'ok'],
    [{ email: 'jane' }, [['email', MESSAGES.invalidEmail]]],
    [{}, [['email', MESSAGES.invalidEmail]]],
  ])('forgot %j → %j', (input, expected) => {
    expect(problems(forgotPasswordSchema, input)).toEqual(expected);
  });

  it.each<[unknown, unknown]>([
    [{ token: 'abc', password: 'secret123' }, 'ok'],
    [{ token: 'abc', password: ' 1234567' }, 'ok'], // spaces count, as at sign-up
    [{ token: 'abc', password: 'short12' }, [['password', MESSAGES.passwordTooShort]]],
    [{ token: 'abc', password: 'x'.repeat(129) }, [['password', M.passwordTooLong]]],
    [{ token: '', password: 'secret123' }, [['token', M.linkInvalid]]],
    [{ password: 'secret123' }, [['token', M.linkInvalid]]],
  ])('reset %j → %j', (input, expected) => {
    expect(problems(resetPasswordSchema, input)).toEqual(expected);
  });

  it.each<[unknown, unknown]>([
    [{ password: 'secret123', confirmPassword: 'secret123' }, 'ok'],
    [{ password: 'secret123', confirmPassword: 'secret124' }, [['confirmPassword', M.passwordsDiffer]]],
    [{ password: 'short', confirmPassword: 'short' }, [['password', MESSAGES.passwordTooShort]]],
  ])('new password form %j → %j', (input, expected) => {
    expect(problems(newPasswordFormSchema, input)).toEqual(expected);
  });
});
