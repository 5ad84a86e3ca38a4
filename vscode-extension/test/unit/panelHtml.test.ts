import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { escapeHtml, panelHtml, preformatted } from "../../src/panelHtml";

describe("panelHtml", () => {
  it("allows no scripts, only data: images and inline styles", () => {
    const html = panelHtml("Betza: fmWfcF", "<p>x</p>", "vscode-resource:");
    const csp = /Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? "";
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /img-src data: vscode-resource:/);
    assert.doesNotMatch(csp, /script-src/);
    assert.match(html, /<title>Betza: fmWfcF<\/title>/);
    assert.match(html, /<p>x<\/p>/);
  });

  it("escapes what it shows as text", () => {
    assert.equal(escapeHtml(`<a href="x">&'`), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    assert.equal(preformatted("a < b"), "<pre>a &lt; b</pre>");
    assert.match(panelHtml("<script>", "", "s"), /<title>&lt;script&gt;<\/title>/);
  });
});
