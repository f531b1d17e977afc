/**
 * A notice the sign-in screen shows once, left by what ended the session on purpose (closing the
 * portal login). Kept in the tab's session storage rather than in the address, so a link cannot make
 * the page say it, and rather than in the navigation's state, which the signed-in area's own move to
 * /login may replace when the session ends.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useEffect, useState } from "react";

const KEY = "portal-login-notice";

export type LoginNotice = "login-closed";

export const LOGIN_NOTICES: Record<LoginNotice, { title: MessageDescriptor; text: MessageDescriptor }> = {
  "login-closed": {
    title: msg({ id: "login-notice.closed.title", message: "Your portal login is closed" }),
    text: msg({
      id: "login-notice.closed.text",
      message:
        "We have emailed you a confirmation. If you are an existing customer, you can set up a login again with Set up your login.",
    }),
  },
};

/** Leaves a notice for the next sign-in screen of this tab. */
export function leaveLoginNotice(notice: LoginNotice): void {
  try {
    sessionStorage.setItem(KEY, notice);
  } catch {
    // Storage refused (a private window's quota): the page just says nothing.
  }
}

function readNotice(): LoginNotice | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return value !== null && Object.hasOwn(LOGIN_NOTICES, value) ? (value as LoginNotice) : null;
  } catch {
    return null;
  }
}

/** The notice left for this screen, if any; it is shown this once and then forgotten. */
export function useLoginNotice(): LoginNotice | null {
  const [notice] = useState(readNotice);
  useEffect(() => {
    if (notice === null) return;
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing to forget.
    }
  }, [notice]);
  return notice;
}
