/** Small, plain HTML pages with no script (sign-in pages), in the app's light look. */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export const plainPage = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · TMS</title>
<style>
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f7fa;
    font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1f2937; }
  main { width: min(92vw, 380px); background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; padding: 32px;
    box-shadow: 0 6px 24px rgba(15, 23, 42, .06); }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .subtitle { margin: 0 0 20px; color: #6b7280; }
  .notice { margin: 0 0 20px; padding: 10px 12px; border-radius: 8px; background: #fffbeb; border: 1px solid #fcd34d;
    color: #92400e; font-size: 13px; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input { width: 100%; padding: 9px 11px; font: inherit; border: 1px solid #d1d5db; border-radius: 8px; }
  input:focus { outline: 2px solid #1677ff; outline-offset: 1px; border-color: #1677ff; }
  .error { color: #b91c1c; font-size: 13px; margin: 6px 0 0; }
  button { margin-top: 18px; width: 100%; padding: 10px; font: inherit; font-weight: 600; color: #fff;
    background: #1677ff; border: 0; border-radius: 8px; cursor: pointer; }
  button:hover { background: #0958d9; }
  a { color: #1677ff; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
