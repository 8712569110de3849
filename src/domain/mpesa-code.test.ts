import { describe, expect, it } from 'vitest';
import { isMpesaCode, normaliseMpesaCode } from './mpesa-code';

describe('an M-Pesa code', () => {
  it('is ten capital letters and digits, typed with spaces or small letters', () => {
    expect(normaliseMpesaCode(' qgh7 xk2p1l ')).toBe('QGH7XK2P1L');
    expect(isMpesaCode('qgh7xk2p1l')).toBe(true);
    expect(isMpesaCode('QGH7XK2P1')).toBe(false);
    expect(isMpesaCode('QGH7XK2P1LX')).toBe(false);
    expect(isMpesaCode('QGH7-K2P1L')).toBe(false);
  });
});
