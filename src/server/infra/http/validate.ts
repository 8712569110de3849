// zod validation for JSON bodies, queries and params that answers with our 400 error shape.
import type { ValidationTargets } from 'hono';
import { zValidator } from '@hono/zod-validator';
import type { ZodError, ZodType } from 'zod';
import { errorBody, fieldErrorsFromZod, firstZodMessage } from './errors';

export function valid<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const error = result.error as unknown as ZodError;
      return c.json(errorBody('VALIDATION_FAILED', firstZodMessage(error), { fields: fieldErrorsFromZod(error) }), 400);
    }
    return undefined;
  });
}
