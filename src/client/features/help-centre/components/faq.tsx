import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ChevronDown, Search, SearchX } from "lucide-react";
import { Accordion } from "radix-ui";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { faqTopics, searchFaq } from "./faq-entries";

/**
 * The searchable FAQ. Each answer expands and collapses from its question, a button, so Enter and
 * Space work; the arrow keys, Home and End move between the questions of a topic (Radix Accordion).
 */
export function Faq() {
  const { i18n, t } = useLingui();
  const id = useId();
  const [search, setSearch] = useState("");
  // The questions are searched in the language they are shown in.
  const topics = searchFaq(faqTopics(i18n), search);
  const count = topics.reduce((sum, topic) => sum + topic.entries.length, 0);
  const query = search.trim();

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t({ id: "help.faq.title", message: "Frequently Asked Questions" })}
        </h2>
        <search
          aria-label={t({ id: "help.faq.search-region", message: "Search the questions" })}
          className="min-w-0 space-y-2 sm:w-80"
        >
          <Label htmlFor={`${id}-q`}>{t({ id: "help.faq.search-label", message: "Search the FAQ" })}</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-q`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t({ id: "help.faq.search-placeholder", message: "Password, billing, 2FA…" })}
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </search>
      </div>
      <p className="sr-only" aria-live="polite">
        {query === ""
          ? ""
          : t({
              id: "help.faq.matches",
              message: plural(count, { one: "# question matches", other: "# questions match" }),
            })}
      </p>
      {topics.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-10 text-center">
          <SearchX aria-hidden="true" className="size-5 text-muted-foreground" />
          <p className="font-medium">
            {t({ id: "help.faq.no-matches", message: `No questions match “${query}”` })}
          </p>
          <Button variant="outline" onClick={() => setSearch("")}>
            {t({ id: "help.faq.clear-search", message: "Clear search" })}
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          {topics.map((topic) => (
            <div key={topic.id} className="space-y-2">
              <h3 className="text-sm font-semibold text-muted-foreground">{topic.title}</h3>
              <Accordion.Root type="multiple" className="divide-y rounded-xl border bg-card">
                {topic.entries.map((entry) => (
                  <Accordion.Item key={entry.id} value={entry.id}>
                    <Accordion.Header asChild>
                      <h4>
                        <Accordion.Trigger className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50">
                          {entry.question}
                          <ChevronDown
                            aria-hidden="true"
                            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                          />
                        </Accordion.Trigger>
                      </h4>
                    </Accordion.Header>
                    <Accordion.Content className="px-4 pb-4 text-sm text-muted-foreground">
                      {entry.answer}
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
