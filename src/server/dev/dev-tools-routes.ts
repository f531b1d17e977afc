/**
 * Development-only tools, registered only outside production and answering only clients on this
 * machine: the mailbox that catches outgoing mail when no SMTP server is configured (every reset link
 * is in it), as JSON for tests and as a page for people.
 */
import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../platform/db/database";
import { devMailbox } from "../platform/db/schema";
import { escapeHtml } from "../platform/http/escape-html";

const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});

const devToolsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const recentMail = async () => {
    const rows = await db.select().from(devMailbox).orderBy(desc(devMailbox.id)).limit(100);
    return rows.map((m) => ({ ...m, sentAt: m.sentAt.toISOString() }));
  };

  app.get(
    "/api/dev/mailbox",
    {
      config: { access: "public" },
      schema: { summary: "The development mailbox", response: { 200: z.array(mailSchema) } },
    },
    recentMail,
  );

  app.get("/dev/mailbox", { config: { access: "public" } }, async (_request, reply) => {
    const mail = await recentMail();
    const items = mail
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.sentAt).toUTCString())}</p>
  <div class="body">${m.html}</div>
</article>`,
      )
      .join("\n");
    const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#555;font-size:.875rem}
a{color:#1d4ed8}</style></head>
<body><main><h1>Development mailbox</h1>
<p>Mail the portal sends while no SMTP server is configured. Newest first.</p>
${items || "<p>No mail yet.</p>"}
</main></body></html>`;
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-store").send(page);
  });
};

export default devToolsRoutes;
