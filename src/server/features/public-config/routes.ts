import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type PublicConfig, publicConfigSchema } from "../../../shared/api/public-config";
import type { Config } from "../../config";

const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: PublicConfig = {
    knowledgeBaseUrl: config.help.knowledgeBaseUrl,
    supportEmail: config.help.supportEmail,
    supportPhone: config.help.supportPhone,
    chatWidgetId: config.help.chatWidgetId ?? null,
    googleSignInEnabled: config.google !== undefined,
    devToolsEnabled: !config.isProduction,
  };
  app.get(
    "/api/config",
    { config: { access: "public" }, schema: { response: { 200: publicConfigSchema } } },
    async () => body,
  );
};

export default publicConfigRoutes;
