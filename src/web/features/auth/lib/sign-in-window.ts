/**
 * Signing in again in a window of its own: single sign-on leaves the page for the identity
 * provider, so over a page whose session ended it runs in a second window and this one, with what
 * the person typed, stays as it is. The second window says it is done on a channel of this origin
 * (the provider's pages come between the two windows, so the opener's handle on it cannot be
 * relied on); what it says is only a nudge: the page asks the BFF who is signed in before going on.
 */
const CHANNEL = 'portal-signed-in';

/** Opens single sign-on at `href` in a window of its own; false when the browser blocked it. */
export function openSignInWindow(href: string): boolean {
  return window.open(href, 'portal-sign-in', 'popup,width=520,height=720') !== null;
}

/** Said by the window once single sign-on has signed the person in. */
export function announceSignedIn(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('signed-in');
  channel.close();
}

/**
 * Calls `check` when another window says it signed in, and when the person comes back to this
 * window (a browser without the channel, or a window closed before it could say so). Returns the
 * function that stops listening.
 */
export function whenSignedInElsewhere(check: () => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', check);
  window.addEventListener('focus', check);
  return () => {
    channel?.close();
    window.removeEventListener('focus', check);
  };
}
