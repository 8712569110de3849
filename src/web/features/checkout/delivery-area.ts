// The customer's delivery area, remembered in the browser (key 'delivery-area') so the cart and the
// product pages can show the fee before checkout, and checkout starts from it. Set by 'Change area'
// and by the address picked at checkout; in step across tabs through the storage event. Only what the
// address suggestions gave is kept: the address, a short name, its point and the server's token for it.
import type { LatLng } from '@/domain/delivery-fee';

const STORAGE_KEY = 'delivery-area';
const MAX_TEXT = 300;

export interface DeliveryArea {
  /** The full address, as checkout sends it. */
  address: string;
  /** 'Kitengela': what 'Delivery to {area}' says. */
  name: string;
  coordinates: LatLng;
  /** The server's signature over address and point (/places/details); checkout sends it back. */
  placeToken: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let stored: DeliveryArea | null | undefined;

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_TEXT;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function parse(raw: string | null): DeliveryArea | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof DeliveryArea, unknown>>;
    const point = v.coordinates as { lat?: unknown; lng?: unknown } | undefined;
    if (!isText(v.address) || !isText(v.name) || !isText(v.placeToken) || !isNumber(point?.lat) || !isNumber(point?.lng)) return null;
    return { address: v.address, name: v.name, placeToken: v.placeToken, coordinates: { lat: point.lat, lng: point.lng } };
  } catch {
    return null;
  }
}

function read(): DeliveryArea | null {
  try {
    return parse(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    stored = read();
    for (const l of listeners) l();
  });
}

/** The short name of a picked place: the first part of its address ('Kitengela, Kajiado County, Kenya' → 'Kitengela'). */
export const areaName = (address: string) => address.split(',')[0]?.trim() || address.trim();

export const deliveryAreaStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): DeliveryArea | null => (stored === undefined ? (stored = read()) : stored),
  remember(area: DeliveryArea): void {
    stored = area;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(area));
    } catch {
      // Storage full or blocked: the area still holds for this page.
    }
    for (const l of listeners) l();
  },
};
