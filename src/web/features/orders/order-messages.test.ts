import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { ordersText } from '@/web/i18n/orders-text';
import { orderErrorMessage } from './order-messages';

describe('orderErrorMessage', () => {
  it.each([
    ['no such order (or another customer’s)', new ApiError(404, 'NOT_FOUND', 'Order not found'), 'Order not found'],
    ['a server error', new ApiError(500, 'SERVER_ERROR', 'Something went wrong'), 'Failed to fetch order: Something went wrong'],
    ['a malformed id', new ApiError(400, 'VALIDATION', 'Invalid order id.'), 'Failed to fetch order: Invalid order id.'],
    ['no network', new TypeError('Failed to fetch'), 'Failed to fetch order: Failed to fetch'],
    ['something thrown that is not an Error', 'timeout', 'Failed to fetch order: timeout'],
    ['a proxy error page with no message of ours', new ApiError(502, 'HTTP_502', ''), 'Failed to fetch order: the server answered 502'],
  ])('%s', (_name, err, expected) => {
    expect(orderErrorMessage(err, ordersText)).toBe(expected);
  });
});
