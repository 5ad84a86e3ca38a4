// The page of the explanation panel. The body is the server's hover Markdown rendered to HTML;
// the page allows no scripts at all, only inline styles and data: images (the SVG diagram).

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The Markdown shown as it is, for when no Markdown renderer is available. */
export function preformatted(markdown: string): string {
  return `<pre>${escapeHtml(markdown)}</pre>`;
}

export function panelHtml(title: string, bodyHtml: string, cspSource: string): string {
  const csp = [
    "default-src 'none'",
    `img-src data: ${cspSource}`,
    `style-src 'unsafe-inline' ${cspSource}`,
  ].join("; ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 1em; }
  code, pre { font-family: var(--vscode-editor-font-family); }
  /* Box-drawing diagrams only line up at line-height 1. */
  pre { line-height: 1.15; padding: 0.5em; background: var(--vscode-textCodeBlock-background); overflow-x: auto; }
  pre code { background: none; padding: 0; }
  img { max-width: 100%; background: white; }
</style>
</head>
<body>
${bodyHtml}
</body>
</html>
`;
}
