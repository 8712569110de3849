// GET /etims-sim/sales (outside production, behind the dev tools' loopback guard, like the switches):
// the sales and credit notes the built-in eTIMS simulator signed for the shop's device, as the shop
// sent them, so a tester (or a browser journey) sees what "KRA" holds, each line's discount included.
import { Hono } from 'hono';
import type { EtimsSimulator } from './etims-simulator';

export function etimsSalesRoutes(simulator: EtimsSimulator, device: { tin: string; bhfId: string }): Hono {
  return new Hono().get('/', (c) => c.json({ sales: simulator.sales(device.tin, device.bhfId) }));
}
