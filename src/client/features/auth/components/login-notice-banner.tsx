import { useLingui } from "@lingui/react/macro";
import { LOGIN_NOTICES, useLoginNotice } from "../../../lib/login-notice";
import { AuthNotice } from "./auth-notice";

/** What ended the session on purpose says here once, at the top of the sign-in screen. */
export function LoginNoticeBanner() {
  const { i18n } = useLingui();
  const notice = useLoginNotice();
  if (notice === null) return null;
  const { title, text } = LOGIN_NOTICES[notice];
  return (
    <AuthNotice icon="done">
      <strong className="block font-semibold">{i18n._(title)}</strong>
      {i18n._(text)}
    </AuthNotice>
  );
}
