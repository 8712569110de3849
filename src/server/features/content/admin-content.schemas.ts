// Query strings and small bodies of /posts and /pages (the form rules live in src/domain/back-office-forms).
import { z } from 'zod';
import { CONTENT_MESSAGES } from '@/domain/back-office-forms';
import { pagingQuery, searchText } from '../../back-office/admin-paging';

export const publishSchema = z.object({ published: z.boolean({ error: 'Say whether it is published' }) });

export const contentListQuery = z.object({
  ...pagingQuery,
  q: searchText,
  state: z.enum(['all', 'published', 'draft'], { error: 'Unknown state' }).default('all'),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

export const previewSchema = z.object({ html: z.string().max(100_000, { error: CONTENT_MESSAGES.contentTooLong }) });
