// Tells the shop's other open tabs that this tab signed in or out, so they refetch the session
// (signing out in one tab signs out every tab). Tiny on purpose: the header loads it on every page.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('shop-session');

export function announceSessionChange(): void {
  channel?.postMessage('session-changed');
}

export function onSessionChangeElsewhere(listener: () => void): void {
  channel?.addEventListener('message', listener);
}
