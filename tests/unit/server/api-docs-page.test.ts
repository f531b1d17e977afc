import { describe, expect, it } from "vitest";
import { renderApiDocs, renderDescription } from "../../../src/server/platform/http/api-docs-page";

describe("renderDescription", () => {
  it("shows markdown code spans as code and escapes everything else", () => {
    expect(renderDescription('Every error answer is `{ "error": message }`; <b>not</b> & so on.')).toBe(
      "Every error answer is <code>{ &quot;error&quot;: message }</code>; &lt;b&gt;not&lt;/b&gt; &amp; so on.",
    );
    expect(renderDescription("`<script>` and `a&b`")).toBe(
      "<code>&lt;script&gt;</code> and <code>a&amp;b</code>",
    );
  });

  it("keeps a backtick without a partner as text", () => {
    expect(renderDescription("one `pair` and a lone ` here")).toBe("one <code>pair</code> and a lone ` here");
    expect(renderDescription("a lone ` <i>")).toBe("a lone ` &lt;i&gt;");
    expect(renderDescription("no code at all")).toBe("no code at all");
  });
});

describe("renderApiDocs", () => {
  const page = renderApiDocs({
    info: { title: "Test API", description: "Send `Origin: null` and be refused." },
    paths: {
      "/api/things/{id}": {
        get: {
          description: "Reads a `thing` <em>by</em> id.",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "404": { description: "No `thing` with that id." } },
        },
      },
    },
  });

  it("renders code spans in the page's, the operations' and the answers' descriptions", () => {
    expect(page).toContain("Send <code>Origin: null</code> and be refused.");
    expect(page).toContain("<p>Reads a <code>thing</code> &lt;em&gt;by&lt;/em&gt; id.</p>");
    expect(page).toContain("<strong>404</strong> No <code>thing</code> with that id.");
    expect(page).not.toContain("`");
  });

  it("lets schemas and long words wrap instead of widening the page", () => {
    expect(page).toMatch(/body\{[^}]*overflow-wrap:anywhere/);
    expect(page).toMatch(/pre\{[^}]*white-space:pre-wrap/);
    expect(page).not.toMatch(/overflow-x:auto/);
  });
});
