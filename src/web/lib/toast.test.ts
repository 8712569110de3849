import type { toast as SonnerToastFn } from 'sonner';
import { describe, expect, it, vi } from 'vitest';

type SonnerToast = typeof SonnerToastFn;

describe('toast before and after the lazy Toaster is on the page', () => {
  it('queues toasts raised before the toaster is there, asks for it, shows them in order once mounted, then goes straight through', async () => {
    const { toast, toasterMounted } = await import('./toast');
    const { onToasterWanted } = await import('./toaster-wanted');
    const wanted = vi.fn();
    onToasterWanted(wanted);
    expect(wanted).not.toHaveBeenCalled();
    toast.success('Signed in successfully!');
    toast.error('Payment failed. Please try again.');
    expect(wanted).toHaveBeenCalledTimes(1);

    const shown: string[] = [];
    const fake = Object.assign((m: unknown) => shown.push(`plain ${String(m)}`), {
      success: (m: unknown) => shown.push(`success ${String(m)}`),
      error: (m: unknown) => {
        shown.push(`error ${String(m)}`);
        return `id ${String(m)}`;
      },
      dismiss: (id: unknown) => shown.push(`dismiss ${String(id)}`),
      info: (m: unknown) => shown.push(`info ${String(m)}`),
      warning: (m: unknown) => shown.push(`warning ${String(m)}`),
    }) as unknown as SonnerToast;
    expect(shown).toEqual([]); // nothing is lost or shown before the Toaster listens
    toasterMounted(fake);
    expect(shown).toEqual(['success Signed in successfully!', 'error Payment failed. Please try again.']);
    shown.length = 0;
    toast.warning('Only 2 in stock — all of them are in your cart');
    toast('Payment completed! Cart cleared.');
    expect(shown).toEqual(['warning Only 2 in stock — all of them are in your cart', 'plain Payment completed! Cart cleared.']);

    // One outcome at a time: a new error or a success closes the errors still open.
    shown.length = 0;
    toast.error('Failed to save.');
    toast.error('Failed to save again.');
    toast.success('Saved.');
    toast.success('Saved twice.');
    expect(shown).toEqual([
      'dismiss id Payment failed. Please try again.',
      'error Failed to save.',
      'dismiss id Failed to save.',
      'error Failed to save again.',
      'dismiss id Failed to save again.',
      'success Saved.',
      'success Saved twice.',
    ]);

    // The Toaster leaves (a component test's page is unmounted): toasts wait for the next one, which
    // is asked for at once.
    const unmount = toasterMounted(fake);
    unmount();
    shown.length = 0;
    toast.info('Added to cart');
    expect(shown).toEqual([]);
    const next = vi.fn();
    onToasterWanted(next);
    expect(next).toHaveBeenCalledTimes(1);
    toasterMounted(fake);
    expect(shown).toEqual(['info Added to cart']);
  });
});
