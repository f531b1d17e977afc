import { z } from "zod";

/** What the browser needs to know about the deployment; served by `GET /api/config`. */
export const publicConfigSchema = z.object({
  knowledgeBaseUrl: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  chatWidgetId: z.string().nullable(),
  googleSignInEnabled: z.boolean(),
  /** Outside production: the /login-test page and the development mailbox exist. */
  devToolsEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
