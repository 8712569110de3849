// Advisory lock keys, one per job that only one instance may run at a time.
export const LOCKS = {
  migrations: 7_301_001,
  reconciliation: 7_301_002,
  reservationExpiry: 7_301_003,
  seed: 7_301_004,
  mailDelivery: 7_301_005,
  ipnRechecks: 7_301_006,
  smsDelivery: 7_301_007,
  // One admin cancellation or refund at a time, so an order is never refunded twice.
  adminOrderCancel: 7_301_010,
  // One backup at a time (the nightly one and one asked for through the running shop).
  backup: 7_301_011,
  // One sender of tax invoices to KRA at a time: numbers must reach KRA in order, one device at a time.
  etims: 7_301_012,
  // The eTIMS jobs' own turn (the work inside takes the etims lock itself).
  etimsJobs: 7_301_013,
  // One role change at a time, so the shop always keeps an owner.
  roleChange: 7_301_014,
  // The owner's morning summary: one instance looks at a time (the day's row makes it once a day).
  morningSummary: 7_301_021,
  // Cart reminders: one instance looks at a time (the cart's row makes each reminder once).
  cartReminders: 7_301_031,
  // M-Pesa Express prompts waiting for their result: one instance asks Safaricom at a time.
  mpesaReconciliation: 7_301_041,
  // The retention job (features/privacy): one instance deletes expired personal data at a time.
  dataRetention: 7_301_051,
} as const;
