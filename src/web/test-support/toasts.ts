// Finding a toast (sonner's, as the app raises them) in a component test.
import { screen } from '@testing-library/react';

/** Waits for the toast saying `text` (its title or description) and returns the whole toast. */
export async function findToast(text: string): Promise<HTMLElement> {
  const part = await screen.findByText(text, { selector: '[data-sonner-toast] *' });
  const toast = part.closest<HTMLElement>('[data-sonner-toast]');
  if (!toast) throw new Error(`"${text}" is not in a toast`);
  return toast;
}
