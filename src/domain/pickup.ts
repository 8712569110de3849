// Collection at the shop: the owner's setting (on or off, where and how to collect) and the rules a
// pick-up order keeps. A pick-up order has no address, no delivery zone and no delivery or
// small-order fee; its window is a pick-up window of the shop's own week (held like a delivery
// window). The server decides all of it; the browser only shows the same.
export interface PickupSettings {
  enabled: boolean;
  /** The pick-up address and instructions, as the customer reads them in checkout and the SMS. */
  instructions: string;
}

export const PICKUP_INSTRUCTIONS_MAX = 200;

export const DEFAULT_PICKUP: PickupSettings = Object.freeze({ enabled: false, instructions: '' });

export const PICKUP_MESSAGES = {
  off: 'Pick-up at the shop is not offered at the moment. Please choose delivery.',
  noInstructions: 'Say where and how customers collect their orders before offering pick-up.',
  withAddress: 'A pick-up order has no delivery address. Choose delivery to have it brought to you.',
  noWindows: 'Add at least one pick-up window before offering pick-up.',
} as const;

/** What is wrong with the setting before it is saved, or null. */
export function pickupSettingsProblem(settings: PickupSettings, windowCount: number): string | null {
  if (!settings.enabled) return null;
  if (!settings.instructions.trim()) return PICKUP_MESSAGES.noInstructions;
  if (windowCount === 0) return PICKUP_MESSAGES.noWindows;
  return null;
}
