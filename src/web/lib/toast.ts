// Toasts without sonner in the first download (it is a third of the size of the app's own code): a
// toast raised before the toaster is on the page waits in a queue and asks for the toaster
// (toaster-wanted.ts), and the queue is shown as soon as sonner's <Toaster> is mounted (a toast
// published before that would be lost).
import type * as SonnerModule from 'sonner';
import { wantToaster } from './toaster-wanted';

type SonnerToast = (typeof SonnerModule)['toast'];
type Call = (t: SonnerToast) => void;

let ready: SonnerToast | null = null;
const queue: Call[] = [];

/**
 * The toaster calls this from its mount effect: from now on toasts go straight to sonner. The
 * returned function is for its unmount: toasts then wait for the next toaster (a page mounts one;
 * component tests mount one per test).
 */
export function toasterMounted(t: SonnerToast): () => void {
  ready = t;
  for (const call of queue.splice(0)) call(t);
  return () => {
    if (ready === t) ready = null;
  };
}

function run(call: Call): void {
  if (ready) return call(ready);
  queue.push(call);
  wantToaster();
}

type Message = Parameters<SonnerToast['success']>;

// One outcome on screen at a time: a new success or error closes the errors still showing, so an
// old 'Failed…' never sits beside the 'Saved' that followed it (nor two failures stack up on a phone).
const openErrors = new Set<string | number>();
function closeErrors(t: SonnerToast): void {
  for (const id of openErrors) t.dismiss(id);
  openErrors.clear();
}

export const toast = Object.assign((...args: Parameters<SonnerToast>) => run((t) => t(...args)), {
  success: (...args: Message) =>
    run((t) => {
      closeErrors(t);
      t.success(...args);
    }),
  error: (...args: Message) =>
    run((t) => {
      closeErrors(t);
      openErrors.add(t.error(...args));
    }),
  info: (...args: Message) => run((t) => t.info(...args)),
  warning: (...args: Message) => run((t) => t.warning(...args)),
});
