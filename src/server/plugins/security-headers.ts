/**
 * Security headers on every answer. The content security policy allows only what the app itself
 * loads: its own scripts and styles (Radix positions popovers with inline style attributes, hence
 * 'unsafe-inline' for styles only), images from itself, data: URLs and https profile pictures.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
    const https = opts.config.appUrlIsHttps;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "https:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
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
  },
  { name: "security-headers" },
);
