import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Mail, MessageCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { CHAT_WIDGET_PAGE } from "../../../../shared/chat-widget";
import { Button } from "../../../components/ui/button";
import { i18n } from "../../../lib/i18n/i18n";
import { useSessionUser } from "../../../lib/session";
import { documentAllowsChat, hideCrispChat, openCrispChat } from "./crisp-chat";

/** Asks, through the URL, for the chat to open as soon as the help centre has loaded. */
const OPEN_CHAT_PARAM = "chat";

/** A mail to support, its subject in the page's language. */
export function supportMailto(supportEmail: string): string {
  const subject = i18n._(msg({ id: "help.chat.mail-subject", message: "Support request" }));
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Start Chat (decision D4). With a chat widget configured it opens the widget; when this document
 * came from another page (whose security policy does not allow the widget) it first loads the help
 * centre afresh, which then opens the chat by itself. Without a widget it is a link that writes an
 * email to support, and no third-party script is ever loaded.
 */
export function StartChat({
  chatWidgetId,
  supportEmail,
}: {
  chatWidgetId: string | null;
  supportEmail: string;
}) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const askedToOpen = searchParams.get(OPEN_CHAT_PARAM) === "open";
  const openedOnArrival = useRef(false);

  useEffect(() => {
    if (!chatWidgetId || !askedToOpen || openedOnArrival.current) return;
    openedOnArrival.current = true;
    openCrispChat(chatWidgetId, user && { email: user.email, name: user.name });
    setOpened(true);
    const rest = new URLSearchParams(searchParams);
    rest.delete(OPEN_CHAT_PARAM);
    setSearchParams(rest, { replace: true });
  }, [chatWidgetId, askedToOpen, user, searchParams, setSearchParams]);

  useEffect(() => (chatWidgetId ? hideCrispChat : undefined), [chatWidgetId]);

  if (!chatWidgetId) {
    return (
      <div className="space-y-2">
        <Button asChild className="w-full">
          <a href={supportMailto(supportEmail)}>
            <Mail aria-hidden="true" />
            {t({ id: "help.chat.start", message: "Start Chat" })}
            <span className="sr-only">
              {" "}
              {t({ id: "help.chat.start-by-mail", message: "(writes an email to support)" })}
            </span>
          </a>
        </Button>
        <p className="text-xs text-muted-foreground">
          {t({
            id: "help.chat.unavailable",
            message: "Live chat is not available right now: write to us instead.",
          })}
        </p>
      </div>
    );
  }

  function startChat() {
    if (!chatWidgetId) return;
    if (!documentAllowsChat()) {
      window.location.assign(`${CHAT_WIDGET_PAGE}?${OPEN_CHAT_PARAM}=open`);
      return;
    }
    openCrispChat(chatWidgetId, user && { email: user.email, name: user.name });
    setOpened(true);
  }

  return (
    <div className="space-y-2">
      <Button className="w-full" onClick={startChat}>
        <MessageCircle aria-hidden="true" />
        {t({ id: "help.chat.start", message: "Start Chat" })}
      </Button>
      <p role="status" className="text-xs text-muted-foreground">
        {opened
          ? t({ id: "help.chat.opened", message: "The chat window is open in the corner of this page." })
          : ""}
      </p>
    </div>
  );
}
