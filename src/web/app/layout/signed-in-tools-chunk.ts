// One chunk for the signed-in header pieces (see signed-in-tools.tsx).
export { PaymentStatusBadge } from '../../features/payments/components/payment-status-badge';
export { SoundToggle } from '../../features/payments/components/sound-toggle';
