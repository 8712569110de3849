// The server's query cache travels to the browser inside the page as JSON. Errors are ApiError
// instances, which JSON would flatten into plain objects: they are written as their fields and
// rebuilt, so a page that showed 'not found' on the server shows it again while hydrating.
import type { DehydratedState } from '@tanstack/react-query';
import { jsonForScript } from '../../domain/page-head';
import { ApiError } from './api-error';

interface WireError {
  apiError: { status: number; code: string; message: string; fields?: Record<string, string> };
}

export const QUERY_STATE_ELEMENT_ID = 'query-state';

export function serializeQueryState(state: DehydratedState): string {
  const queries = state.queries.map((q) => {
    const error = q.state.error;
    if (!error) return q;
    const wire: WireError = {
      apiError:
        error instanceof ApiError
          ? { status: error.status, code: error.code, message: error.message, fields: error.fields }
          : { status: 500, code: 'SERVER_ERROR', message: '' },
    };
    return { ...q, state: { ...q.state, error: wire } };
  });
  return jsonForScript({ ...state, queries });
}

export function parseQueryState(text: string): DehydratedState {
  const state = JSON.parse(text) as DehydratedState;
  for (const q of state.queries) {
    const wire = q.state.error as WireError | null;
    if (wire && typeof wire === 'object' && 'apiError' in wire) {
      const e = wire.apiError;
      (q.state as { error: unknown }).error = new ApiError(e.status, e.code, e.message, e.fields);
    }
  }
  return state;
}
