/**
 * Security headers on every answer. The content security policy allows only what the app itself
 * loads: its own scripts and styles (Radix positions popovers with inline style attributes, hence
 * 'unsafe-inline' for styles only), images from itself, data: URLs and https profile pictures.
 * Only the help-centre page may also load the live chat's script (see withChatWidget).
 * The permissions policy turns off the device features the portal never uses. An answer that does
 * not say how it may be cached is not cached at all: API answers carry personal data and secrets.
 */
import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CRISP_CSP_SOURCES, isChatWidgetPage } from "../../shared/chat-widget";
import type { Config } from "../config";

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

type Directive = keyof typeof CRISP_CSP_SOURCES;

/**
 * The live chat (decision D4) is a third-party script: its hosts are allowed on the help-centre page
 * only, and only when a chat widget is configured, so every other page keeps the strict policy.
 */
function withChatWidget(config: Config, directive: Directive, own: string[]) {
  if (!config.help.chatWidgetId) return own;
  const withChat = [...own, ...CRISP_CSP_SOURCES[directive]].join(" ");
  const onChatPage = (req: IncomingMessage) => {
    try {
      return isChatWidgetPage(new URL(req.url ?? "/", "http://portal.invalid").pathname);
    } catch {
      return false; // Not a URL at all: the router refuses it, with the strict policy.
    }
  };
  return [(req: IncomingMessage) => (onChatPage(req) ? withChat : own.join(" "))];
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
    const https = opts.config.appUrlIsHttps;
    const chat = (directive: Directive, own: string[]) => withChatWidget(opts.config, directive, own);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": chat("script-src", ["'self'"]),
          "style-src": chat("style-src", ["'self'", "'unsafe-inline'"]),
          "img-src": ["'self'", "data:", "https:"],
          "font-src": chat("font-src", ["'self'", "data:"]),
          "connect-src": chat("connect-src", ["'self'"]),
          "frame-src": ["'none'"],
          "frame-ancestors": ["'none'"],
          "form-action": ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          // On plain http (local use) this would send every asset request to https and break the page.
          ...(https ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    app.addHook("onSend", async (_request, reply) => {
      reply.header("permissions-policy", PERMISSIONS_POLICY);
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    });
  },
  { name: "security-headers" },
);
