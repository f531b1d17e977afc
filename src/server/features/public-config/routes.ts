import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type PublicConfig, publicConfigSchema } from "../../../shared/api/public-config";
import type { Config } from "../../platform/config";
import { isLoopbackClient } from "../../platform/http/loopback";

const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: Omit<PublicConfig, "devToolsEnabled"> = {
    knowledgeBaseUrl: config.help.knowledgeBaseUrl,
    supportEmail: config.help.supportEmail,
    supportPhone: config.help.supportPhone,
    chatWidgetId: config.help.chatWidgetId ?? null,
    googleSignInEnabled: config.google !== undefined,
  };
  // The developer pages answer only this machine's browsers (see plugins/loopback-only.ts).
  const devTools = !config.isProduction;
  app.get(
    "/api/config",
    {
      config: { access: "public" },
      schema: { summary: "The public configuration", response: { 200: publicConfigSchema } },
    },
    async (request) => ({ ...body, devToolsEnabled: devTools && isLoopbackClient(request) }),
  );
};

export default publicConfigRoutes;
