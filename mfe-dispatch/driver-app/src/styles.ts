/**
 * The driver app's styles: one small sheet (no UI library), for phones 360-430 px wide held in one hand, every
 * control at least 48 px tall (the issue asks 44), text large enough to read in a cab.
 */
const CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
header{position:sticky;top:0;z-index:2;display:flex;align-items:center;gap:8px;min-height:56px;padding:4px 12px;background:#1d4ed8;color:#fff}
header h1{flex:1;margin:0;font-size:20px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
main{padding:12px;max-width:640px;margin:0 auto}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;min-width:48px;padding:0 16px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button:disabled{opacity:.55;cursor:default}
.primary{background:#1d4ed8;color:#fff}
.secondary{background:#e2e8f0;color:#0f172a}
.danger{background:#b91c1c;color:#fff}
.back{background:transparent;color:#fff;font-size:24px;padding:0 8px}
.card{background:#fff;border-radius:12px;padding:14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(15,23,42,.12)}
.load-button{display:block;width:100%;text-align:left;background:#fff;color:#0f172a;border-radius:12px;padding:14px;margin:0 0 12px;box-shadow:0 1px 2px rgba(15,23,42,.12);min-height:64px}
.load-button strong{display:block;font-size:18px}
.muted{color:#475569;font-size:15px}
.status{display:inline-block;padding:2px 10px;border-radius:999px;background:#dbeafe;color:#1e3a8a;font-size:14px;font-weight:600}
.banner{padding:10px 12px;border-radius:10px;margin:0 0 12px;font-weight:600}
.banner.waiting{background:#fef3c7;color:#78350f}
.banner.offline{background:#e2e8f0;color:#1e293b}
.banner.error{background:#fee2e2;color:#7f1d1d}
.stop h3,.card>h3{margin:0 0 4px;font-size:18px}
.stop dl{margin:8px 0;display:grid;grid-template-columns:auto 1fr;gap:2px 10px}
.stop dt{color:#475569;font-size:15px}
.stop dd{margin:0;overflow-wrap:anywhere}
.stop a{color:#1d4ed8;font-weight:600;display:inline-block;min-height:44px;padding:10px 0}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:8px}
.actions button{width:100%}
.done{color:#166534;font-weight:600}
.message{padding:24px 8px;text-align:center;font-size:19px}
.dialog{position:fixed;inset:0;background:rgba(15,23,42,.55);display:flex;align-items:flex-end;justify-content:center;z-index:5}
.dialog>div{background:#fff;width:100%;max-width:640px;border-radius:16px 16px 0 0;padding:18px 14px calc(18px + env(safe-area-inset-bottom))}
.dialog h2{margin:0 0 8px;font-size:20px}
.choices{border:0;margin:0 0 12px;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:8px}
.choices legend{font-weight:600;margin-bottom:6px}
.choice{display:flex;align-items:center;gap:10px;min-height:48px;padding:0 12px;border-radius:10px;background:#f1f5f9}
.choice input{width:22px;height:22px}
.file{position:relative;width:100%;overflow:hidden}
.file input{position:absolute;inset:0;opacity:0;cursor:pointer}
.signature{display:block;width:100%;height:200px;border:2px dashed #64748b;border-radius:10px;background:#fff;touch-action:none}
.field{display:block;margin:12px 0;font-weight:600}
.field input{display:block;width:100%;min-height:48px;margin-top:4px;padding:0 12px;border:1px solid #64748b;border-radius:10px;font:inherit}
.paperwork{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:12px}
.paperwork button{width:100%}
.documents{margin:8px 0 0;padding-left:20px}
.dialog .actions{grid-template-columns:repeat(auto-fit,minmax(90px,1fr))}
.thread{list-style:none;margin:8px 0;padding:0}
.thread li{margin:6px 0;padding:8px 12px;border-radius:10px;background:#f1f5f9;overflow-wrap:anywhere;white-space:pre-wrap}
.thread li.mine{margin-left:15%;background:#dbeafe}
.thread li:not(.mine){margin-right:15%}
.thread .who{display:block;color:#475569;font-size:14px;white-space:normal}
.compose textarea{display:block;width:100%;min-height:72px;margin:4px 0 8px;padding:10px 12px;border:1px solid #64748b;border-radius:10px;font:inherit;resize:vertical}
.compose button{width:100%}
`;

export function addStyles() {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
}
