// The KRA item class a product gets when the merchant chose none: its category's, from
// ETIMS_ITEM_CLASSES ('fish=…,chicken=…,delivery=…,default=…'), else the simulator's made-up classes.
// KRA's real codes are read from its list (docs/etims.md, 'Item classes').
import type { Env } from '../../env';

const SIMULATOR_DEFAULTS: Readonly<Record<string, string>> = {
  fish: '50121500',
  chicken: '50112000',
  delivery: '78102200',
  default: '50000000',
};

/** Category → class, with 'default' for every other category and 'delivery' for the delivery fee. */
export function itemClassDefaults(env: Pick<Env, 'ETIMS_ITEM_CLASSES'>): Record<string, string> {
  const defaults: Record<string, string> = { ...SIMULATOR_DEFAULTS };
  for (const pair of (env.ETIMS_ITEM_CLASSES ?? '').split(',')) {
    const [key, code] = pair.split('=').map((s) => s.trim());
    if (key && code) defaults[key] = code;
  }
  return defaults;
}

/** The class of a category (or 'delivery') when the product names none. */
export function itemClassFor(env: Pick<Env, 'ETIMS_ITEM_CLASSES'>, category: string): string {
  const defaults = itemClassDefaults(env);
  return defaults[category] ?? defaults.default ?? SIMULATOR_DEFAULTS.default ?? '50000000';
}
