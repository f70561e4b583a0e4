/**
 * A late-entry invitation (issue #28): the manager's mail links to `/registration_<kind>#invitation=<token>`. The
 * token travels in the fragment (never sent to a server by the browser); the wizard keeps it for the tab's life in
 * `sessionStorage` (a reload keeps the invitation), takes it off the address bar, and sends it with the draft and the
 * confirmation, which spends it.
 */
const KEY = 'bjk.enrolment.invitation';
const PATTERN = /^#invitation=([A-Za-z0-9_.-]{1,200})$/;

/** Moves an invitation found in the address into the tab's storage; answers the invitation kept, if any. */
export function takeInvitationFromAddress(): string | null {
  const match = PATTERN.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(KEY, match[1]!);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return currentInvitation();
}

export function currentInvitation(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the invitation (spent by the confirmation, or refused by the server). */
export function forgetInvitation(): void {
  sessionStorage.removeItem(KEY);
}
