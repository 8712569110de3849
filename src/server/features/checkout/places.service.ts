// Address suggestions and place details for the checkout, through the configured AddressProvider
// (Google with a key, else the offline Nairobi gazetteer). The key never leaves the server.
import type { LatLng } from '@/domain/delivery-fee';
import { plainLineText } from '@/domain/validation';
import type { ServerContext } from '../../context';
import type { AddressPrediction, PlaceDetails } from '../../integrations/places/address-provider';
import { isSignedPlace, signPlace } from './place-token';

/** One suggestion as the browser lists it (the provider's Google-shaped fields, renamed). */
export interface AddressSuggestion {
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
}

/** The place the customer picked as the browser receives it: with the token that vouches for its point. */
export interface SignedPlaceDetails {
  address: string;
  coordinates: LatLng;
  placeToken: string;
}

export function signedPlaceDetails(ctx: ServerContext, details: PlaceDetails): SignedPlaceDetails {
  // Cleaned as checkout cleans the address it is sent back with, so the signature still matches.
  const address = plainLineText(details.address);
  const { coordinates } = details;
  return { address, coordinates, placeToken: signPlace(ctx.env.AUTH_SECRET ?? '', address, coordinates) };
}

function toSuggestion(p: AddressPrediction): AddressSuggestion {
  return {
    placeId: p.place_id,
    description: p.description,
    mainText: p.structured_formatting.main_text,
    secondaryText: p.structured_formatting.secondary_text,
  };
}

/** The delivery point a browser sent, if this server vouched for it with that address; else null. */
export function vouchedPoint(
  ctx: ServerContext,
  address: string,
  point: LatLng | null | undefined,
  token: string | null | undefined,
): LatLng | null {
  return point && isSignedPlace(ctx.env.AUTH_SECRET ?? '', token, address, point) ? point : null;
}

/** Suggestions for what the customer typed; a provider error is logged and gives none (the customer sees no suggestions, not an error). */
export async function suggestAddresses(ctx: ServerContext, input: string, sessionToken?: string): Promise<AddressSuggestion[]> {
  try {
    return (await ctx.integrations.addresses.autocomplete(input, sessionToken)).map(toSuggestion);
  } catch (err) {
    ctx.logger.warn({ err }, 'address autocomplete failed');
    return [];
  }
}

/** The chosen place with its coordinates, or null when it is unknown or the provider failed. */
export async function placeDetails(ctx: ServerContext, placeId: string, sessionToken?: string): Promise<PlaceDetails | null> {
  try {
    return await ctx.integrations.addresses.details(placeId, sessionToken);
  } catch (err) {
    ctx.logger.warn({ err }, 'place details failed');
    return null;
  }
}
