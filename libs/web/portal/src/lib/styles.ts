/**
 * The portal page's stylesheet, inlined in the page (the CSP allows exactly this text by its hash).
 * One column, a max-width container, 44 px tap targets, 16 px inputs (no zoom on phones), no
 * horizontal scroll at 360 px, and a dark variant.
 */
export const PORTAL_STYLES = `
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--text:#1d2329;--muted:#5b6570;--line:#d5dae0;--accent:#1f5fbf;--accent-text:#fff;--ok:#1d7a3e;--ok-bg:#e6f4ea;--warn:#8a5300;--warn-bg:#fff4e0;--bad:#b3261e;--bad-bg:#fdecea;--info-bg:#eaf1fb}
@media (prefers-color-scheme:dark){:root{--bg:#15191e;--card:#1e242b;--text:#e8ecf0;--muted:#a2adb8;--line:#39424c;--accent:#7fb0ff;--accent-text:#0b1a33;--ok:#7fd49a;--ok-bg:#193324;--warn:#f5c16c;--warn-bg:#3a2c12;--bad:#ff8a80;--bad-bg:#3d1d1b;--info-bg:#1c2a3d}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Ubuntu,sans-serif;overflow-wrap:anywhere}
main{max-width:46rem;margin:0 auto;padding:1rem 1rem 4rem}
h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.25rem;margin:1.5rem 0 .75rem}
h3{font-size:1.1rem;margin:0}
p{margin:.5rem 0}
a{color:var(--accent)}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem;margin:0 0 1rem}
.card h2:first-child{margin-top:0}
.eyebrow,.muted{color:var(--muted)}
.eyebrow{margin:0;font-size:.9rem;text-transform:uppercase;letter-spacing:.04em}
.small{font-size:.9rem}
.text{white-space:pre-line}
.quote{border-left:3px solid var(--line);padding-left:.75rem}
.label{font-weight:600;margin-bottom:.25rem}
.progress{margin:1rem 0}
.progress label{display:block;margin-bottom:.25rem}
progress{width:100%;height:.75rem;accent-color:var(--accent)}
.notice{border-radius:8px;padding:.75rem 1rem;margin:.75rem 0;background:var(--info-bg)}
.notice h2{margin:0 0 .25rem}
.notice.success{background:var(--ok-bg);color:var(--ok)}
.notice.warn{background:var(--warn-bg);color:var(--warn)}
.notice.error{background:var(--bad-bg);color:var(--bad)}
.item-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.item h3:focus{outline:none}
.badge{display:inline-block;border-radius:999px;padding:.1rem .65rem;font-size:.85rem;font-weight:600;background:var(--info-bg)}
.badge-submitted,.badge-approved{background:var(--ok-bg);color:var(--ok)}
.badge-needs_revision{background:var(--warn-bg);color:var(--warn)}
.badge-waived{color:var(--muted)}
.hints{margin:.5rem 0;padding-left:1.25rem;color:var(--muted);font-size:.9rem}
.flash{color:var(--ok);font-weight:600}
.bad,.field-error{color:var(--bad)}
.field-error{font-weight:600}
.field,.fields{margin:.75rem 0}
fieldset{border:1px solid var(--line);border-radius:8px;padding:.5rem .75rem;min-width:0}
legend{font-weight:600;padding:0 .25rem}
label{display:inline-block;font-weight:600}
h3 label{font-weight:inherit}
input:not([type=checkbox]):not([type=radio]),select,textarea{display:block;width:100%;max-width:100%;min-height:44px;margin-top:.25rem;padding:.55rem .7rem;font:inherit;color:inherit;background:var(--card);border:1px solid var(--muted);border-radius:8px}
input[type=file]{padding:.4rem}
textarea{resize:vertical}
input:disabled,select:disabled,textarea:disabled{opacity:.75}
[aria-invalid=true]{border-color:var(--bad)!important;box-shadow:0 0 0 1px var(--bad)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.choices{display:grid;gap:.25rem;margin:.5rem 0}
.choice{display:flex;align-items:center;gap:.6rem;min-height:44px}
.choice input{width:1.35rem;height:1.35rem;margin:0;flex:none;accent-color:var(--accent)}
.choice label{font-weight:400;flex:1;padding:.5rem 0}
.with-button{display:flex;gap:.5rem;align-items:flex-end}
.with-button input{flex:1;min-width:0}
.counter.bad{color:var(--bad);font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
.button{min-height:44px;padding:.55rem 1.1rem;font:inherit;font-weight:600;color:var(--accent);background:transparent;border:2px solid var(--accent);border-radius:8px;cursor:pointer}
::file-selector-button{min-height:40px;margin-right:.75rem;padding:.4rem 1rem;font:inherit;font-weight:600;color:var(--accent);background:transparent;border:2px solid var(--accent);border-radius:8px;cursor:pointer}
.button.primary{color:var(--accent-text);background:var(--accent)}
.button.small{min-height:40px;padding:.3rem .8rem;font-size:.9rem}
.button:disabled{opacity:.55;cursor:not-allowed}
.file-list,.uploads{list-style:none;padding:0;margin:.5rem 0}
.file,.upload,.file-list li{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .75rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
.file-name{font-weight:600;flex:1 1 12rem;min-width:0}
.upload progress{flex:1 1 8rem}
.row-actions{display:flex;gap:.5rem}
.pick{margin:.75rem 0}
.rows .row{border-bottom:1px dashed var(--line);padding-bottom:.5rem;margin-bottom:.5rem}
details.extra{margin-top:.75rem;border-top:1px solid var(--line);padding-top:.5rem}
summary{cursor:pointer;min-height:44px;display:flex;align-items:center;color:var(--accent);font-weight:600}
.brand{background:var(--card);border-bottom:4px solid var(--brand,var(--accent))}
.brand-inner{max-width:46rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
.brand-logo{display:block;max-height:3rem;max-width:12rem;width:auto;height:auto}
.brand-name{margin:0;font-size:1.15rem;font-weight:700}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (min-width:40rem){main{padding-top:2rem}h1{font-size:2rem}.card{padding:1.25rem 1.5rem}}
`.trim();
