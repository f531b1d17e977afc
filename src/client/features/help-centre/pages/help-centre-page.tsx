import { useLingui } from "@lingui/react/macro";
import { BookOpen } from "lucide-react";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { usePublicConfig } from "../../../lib/public-config";
import { ContactCards } from "../components/contact-cards";
import { Faq } from "../components/faq";

export function HelpCentrePage() {
  const { t } = useLingui();
  const config = usePublicConfig();
  return (
    <div className="space-y-8">
      <PageHeader
        title={t({ id: "help.title", message: "Help Centre" })}
        description={t({
          id: "help.description",
          message: "Reach our support team and find answers to common questions.",
        })}
      />
      {config.isPending ? (
        <Spinner label={t({ id: "help.contact.loading", message: "Loading the support options" })} />
      ) : config.data ? (
        <ContactCards
          supportEmail={config.data.supportEmail}
          supportPhone={config.data.supportPhone}
          chatWidgetId={config.data.chatWidgetId}
        />
      ) : (
        <ErrorState
          title={t({ id: "help.contact.load-failed", message: "The support options could not be loaded" })}
          error={config.error}
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      )}
      <Faq />
      {config.data ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <BookOpen aria-hidden="true" className="size-4" />
          {t({ id: "help.guides.question", message: "Looking for step-by-step guides?" })}{" "}
          <a
            href={config.data.knowledgeBaseUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline-offset-4 hover:underline dark:text-blue-300"
          >
            {t({ id: "help.guides.link", message: "Browse the Knowledge Base" })}
            <span className="sr-only">
              {" "}
              {t({ id: "help.guides.new-tab", message: "(opens in a new tab)" })}
            </span>
          </a>
        </p>
      ) : null}
    </div>
  );
}
