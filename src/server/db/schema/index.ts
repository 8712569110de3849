// The whole schema, for drizzle-kit and the typed database handle.
export * from './auth';
export * from './profiles';
export * from './catalog';
export * from './orders';
export * from './content';
export * from './tax-invoices';
export * from './delivery-slots';
export * from './etims-stock';
export * from './promotions';
export * from './saved-carts';
export * from './privacy';
