import { catalogue, i18nFor } from './catalogue';
import en from './catalogues/orders.en.json';
import { currentLocale } from './locale-store';

export type OrdersKey = keyof typeof en;

/** The customer's orders: My Orders, an order's page, its progress, receipt and refunds, a new delivery time. */
export const useOrdersText = catalogue('orders', en, () => import('./catalogues/orders.sw.json'));

/** The same words outside a component (a notice once a request answers), in the page's language now. */
export const ordersText = (key: OrdersKey, values?: Record<string, string | number>): string =>
  i18nFor(currentLocale())._(`orders.${key}`, values);

export type SayOrders = (key: OrdersKey, values?: Record<string, string | number>) => string;
