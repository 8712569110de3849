import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Nothing is merged away: a component's classes and the ones a caller adds never
 * set the same thing (a variant or size says it instead), so no class-merging library has to ship
 * in the first download. Browser tests check every page they visit for two classes that clash
 * (tests/e2e/support/class-conflicts.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
