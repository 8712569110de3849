// Path parameters: ids are UUIDs, checked before they reach a uuid column (which would throw).
import { z } from 'zod';

export const idParam = z.object({ id: z.uuid({ error: 'That id is not valid' }) });
