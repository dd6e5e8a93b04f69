/**
 * The sign-in, consent and account pages' only style sheet, served from its own address
 * (the pages' policy allows no inline style). Colours and type follow the desktop app's
 * (src/renderer/styles/base.css), light and dark. Kept in code, not a file beside it, so
 * the service runs the same from tsx, a bundle or tests.
 */
export const PAGES_CSS = `
:root {
  --font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --mono: ui-monospace, 'SF Mono', 'Cascadia Mono', Menlo, Consolas, monospace;
  --bg: #f4f5f7;
  --surface: #ffffff;
  --surface-2: #f9fafb;
  --border: #dfe2e6;
  --border-strong: #c5cad1;
  --text: #1d2127;
  --text-2: #5b636e;
  --accent: #2f5fd0;
  --accent-strong: #254fb3;
  --accent-soft: #e8eefb;
  --accent-text: #ffffff;
  --danger: #b42318;
  --danger-soft: #fdecea;
  --danger-border: #f1b8b2;
  --ok-soft: #e6f3ec;
  --ok-text: #1f5a38;
  --radius: 6px;
  color-scheme: light;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181d;
    --surface: #1d2127;
    --surface-2: #23272e;
    --border: #343a43;
    --border-strong: #4a515c;
    --text: #e6e8eb;
    --text-2: #b3bac4;
    --accent: #7fa4f5;
    --accent-strong: #a3bdf8;
    --accent-soft: #1f2d4a;
    --accent-text: #10141b;
    --danger: #ff8a80;
    --danger-soft: #3a1d1b;
    --danger-border: #7a3530;
    --ok-soft: #1c3526;
    --ok-text: #8fdcae;
    color-scheme: dark;
  }
}
* { box-sizing: border-box; }
html { font-family: var(--font); font-size: 15px; line-height: 1.45; color: var(--text); background: var(--bg); }
body { margin: 0; padding: 32px 16px; }
main { max-width: 560px; margin: 0 auto; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 24px 28px; }
h1 { font-size: 1.4rem; margin: 0 0 8px; line-height: 1.25; }
h2 { font-size: 1.05rem; margin: 24px 0 8px; }
p { margin: 0 0 12px; }
.lead, .muted { color: var(--text-2); }
.service { font-size: 0.85rem; color: var(--text-2); margin-bottom: 16px; letter-spacing: 0.02em; }
form { margin: 0; }
.stack { display: flex; flex-direction: column; gap: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
label { font-weight: 600; }
input[type=password] { font: inherit; font-family: var(--mono); width: 100%; padding: 8px 10px; color: var(--text); background: var(--surface-2); border: 1px solid var(--border-strong); border-radius: var(--radius); }
button { font: inherit; cursor: pointer; border-radius: var(--radius); padding: 8px 14px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-text); font-weight: 600; }
button:hover { background: var(--accent-strong); border-color: var(--accent-strong); }
button.secondary { background: var(--surface); color: var(--text); border-color: var(--border-strong); font-weight: 500; }
button.secondary:hover { background: var(--surface-2); }
button.danger { background: var(--surface); color: var(--danger); border-color: var(--danger-border); }
button.danger:hover { background: var(--danger-soft); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
input:focus-visible { outline-offset: 0; }
.people { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.person { width: 100%; text-align: left; display: grid; gap: 2px; background: var(--surface-2); color: var(--text); border-color: var(--border); font-weight: 400; }
.person:hover { background: var(--accent-soft); border-color: var(--accent); }
.person strong { font-weight: 600; }
.person span { color: var(--text-2); font-size: 0.9rem; overflow-wrap: anywhere; }
.scopes { margin: 8px 0 12px; padding-left: 20px; }
.scopes li { margin: 4px 0; }
.notice { padding: 10px 12px; border-radius: var(--radius); margin: 12px 0; border: 1px solid var(--border); }
.notice.error { background: var(--danger-soft); border-color: var(--danger-border); color: var(--text); }
.notice.done { background: var(--ok-soft); color: var(--ok-text); border-color: transparent; }
.grants { list-style: none; margin: 0; padding: 0; }
.grant { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; padding: 12px 0; border-top: 1px solid var(--border); }
.grant:last-child { border-bottom: 1px solid var(--border); }
.grant div { min-width: 0; flex: 1 1 260px; }
.grant strong { display: block; overflow-wrap: anywhere; }
.grant span { display: block; color: var(--text-2); font-size: 0.9rem; }
code { font-family: var(--mono); font-size: 0.9em; overflow-wrap: anywhere; }
hr { border: 0; border-top: 1px solid var(--border); margin: 24px 0; }
@media (max-width: 480px) {
  body { padding: 0; }
  main { border-radius: 0; border-left: 0; border-right: 0; padding: 20px 16px; min-height: 100vh; }
  .row button { flex: 1 1 auto; }
}
`;
