/**
 * Security headers. A document (an HTML page, or anything a browser could render as one) gets the
 * full set: the content security policy allows only what the app itself loads: its own scripts and
 * styles (Radix positions popovers with inline style attributes, hence 'unsafe-inline' for styles
 * only), images from itself, data: URLs and https profile pictures. Only the help-centre page may
 * also load the live chat's script (see withChatWidget). The permissions policy turns off the device
 * features the portal never uses.
 * Every other answer (API JSON, scripts, stylesheets) gets only what still protects it (decision
 * 013): nosniff, a same-origin resource policy, a policy that lets it load and frame nothing, and
 * HSTS over https. An answer that does not say how it may be cached is not cached at all: API
 * answers carry personal data and secrets.
 */
import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CRISP_CSP_SOURCES, isChatWidgetPage } from "../../../shared/chat-widget";
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

/**
 * The policy of an answer that is no document. Scripts and connections name 'self' as the document
 * policy does, so that no answer ever allows a third party's; everything else is refused.
 */
const NON_DOCUMENT_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

/** Content types a browser renders as a page, with scripts or frames of their own. */
const DOCUMENT_TYPE =
  /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/** Whether an answer with this Content-Type header needs the document headers. */
export function isDocumentType(contentType: unknown): boolean {
  return typeof contentType === "string" && DOCUMENT_TYPE.test(contentType);
}

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
      // Applied per answer in onSend below, once the answer's content type is known.
      global: false,
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
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      // Absent only when the router refused the request before any hook ran.
      if (isDocumentType(reply.getHeader("content-type")) && typeof reply.helmet === "function") {
        reply.helmet();
        reply.header("permissions-policy", PERMISSIONS_POLICY);
        return;
      }
      reply.header("x-content-type-options", "nosniff");
      reply.header("cross-origin-resource-policy", "same-origin");
      reply.header("content-security-policy", NON_DOCUMENT_CSP);
      if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    });
  },
  { name: "security-headers" },
);
