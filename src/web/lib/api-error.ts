// The API's error as the web app holds it. Its own module: the first download rebuilds errors
// from the server's rendered state (query-state.ts) without the fetch wrapper around it (api.ts).

/** A place offered to choose, shaped like an address suggestion. */
export interface ApiAddressChoice {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The order the error is about, when it exists (checkout, 'pay again'). */
    readonly orderId?: string,
    /** The places to choose from when the typed address matches several (ADDRESS_AMBIGUOUS). */
    readonly choices?: ApiAddressChoice[],
  ) {
    super(message);
  }
}
