// Fixed suggestions for the sign-up address box on /auth.

export const NAIROBI_NEIGHBOURHOODS = [
  'Westlands',
  'Kilimani',
  'Kileleshwa',
  'Lavington',
  'Karen',
  'Langata',
  'Parklands',
  'Upper Hill',
  'South B',
  'South C',
  'Nairobi West',
  'Madaraka',
  'Hurlingham',
  'Runda',
  'Muthaiga',
  'Gigiri',
  'Eastleigh',
  'Embakasi',
  'Kasarani',
  'Donholm',
] as const;

export type NairobiNeighbourhood = (typeof NAIROBI_NEIGHBOURHOODS)[number];

/** Case-insensitive substring matches, in list order; nothing for blank input. */
export function suggestNeighbourhoods(input: string, max = 8): NairobiNeighbourhood[] {
  const query = input.trim().toLowerCase();
  if (query === '' || max <= 0) return [];
  return NAIROBI_NEIGHBOURHOODS.filter((n) => n.toLowerCase().includes(query)).slice(0, max);
}
