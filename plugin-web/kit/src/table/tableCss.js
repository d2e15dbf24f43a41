// The list table's look: antd 6's middle-size Table and Pagination (values measured in
// Chromium), the colours from the theme's tokens through CSS variables set on the table
// (tableVars), so a theme change reaches it. Injected once per document.
import { useInsertionEffect } from 'react';

const CSS = `
.pd-table{position:relative;color:var(--pd-text);font-size:var(--pd-font-size)}
.pd-table table{width:100%;border-collapse:separate;border-spacing:0;text-align:start}
.pd-table th,.pd-table td{padding:12px 8px;border-bottom:1px solid var(--pd-border);text-align:start;overflow-wrap:break-word}
.pd-table thead th{background:var(--pd-head-bg);font-weight:600;position:relative}
.pd-table thead th:first-child{border-start-start-radius:var(--pd-radius)}
.pd-table thead th:last-child{border-start-end-radius:var(--pd-radius)}
.pd-table thead th:not(:last-child)::before{content:'';position:absolute;top:50%;inset-inline-end:0;width:1px;height:1.6em;background:var(--pd-split);transform:translateY(-50%)}
.pd-table th.pd-table-sortable{padding:0}
.pd-table-sorter{all:unset;box-sizing:border-box;display:flex;width:100%;align-items:center;justify-content:space-between;gap:4px;padding:12px 8px;cursor:pointer;font-weight:600}
.pd-table-sorter:hover{background:var(--pd-head-hover)}
.pd-table-sorter:focus-visible{outline:2px solid var(--pd-primary);outline-offset:-2px}
.pd-table-carets{display:inline-flex;flex-direction:column;color:var(--pd-icon);font-size:11px;line-height:0}
.pd-table-carets svg{width:11px;height:11px}
.pd-table-carets .pd-on{color:var(--pd-primary)}
.pd-table td.pd-table-sorted{background:var(--pd-sorted-bg)}
.pd-table tbody tr:hover>td{background:var(--pd-hover-bg)}
.pd-table tbody tr.pd-table-row-selected>td{background:var(--pd-selected-bg)}
.pd-table .pd-table-select{width:32px;text-align:center;padding-inline:8px}
.pd-table input[type=checkbox]{width:16px;height:16px;margin:0;accent-color:var(--pd-primary);cursor:pointer;vertical-align:middle}
.pd-table input[type=checkbox]:disabled{cursor:not-allowed}
.pd-table-empty td{text-align:center;color:var(--pd-text-secondary);padding:32px 8px}
.pd-table-busy{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(255,255,255,.5);z-index:2}
.pd-table-spin{width:20px;height:20px;border:3px solid var(--pd-primary);border-right-color:transparent;border-radius:50%;animation:pd-spin .8s linear infinite}
@keyframes pd-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.pd-table-spin{animation-duration:2.4s}}
.pd-pager ul{display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:center;gap:8px;list-style:none;margin:16px 0;padding:0}
.pd-pager button{min-width:32px;height:32px;padding:0 6px;border:1px solid transparent;border-radius:var(--pd-radius-sm);background:transparent;color:var(--pd-text);font:inherit;cursor:pointer;display:inline-flex;align-items:center;justify-content:center}
.pd-pager button:hover:not(:disabled){background:var(--pd-hover-fill)}
.pd-pager button:focus-visible{outline:2px solid var(--pd-primary);outline-offset:1px}
.pd-pager button:disabled{color:var(--pd-disabled);cursor:not-allowed}
.pd-pager .pd-pager-active{border-color:var(--pd-primary);color:var(--pd-primary);font-weight:600;background:var(--pd-bg)}
.pd-pager .pd-pager-jump{color:var(--pd-icon);letter-spacing:2px}
.pd-pager select{height:32px;padding:0 8px;border:1px solid var(--pd-control-border);border-radius:var(--pd-radius-sm);background:var(--pd-bg);color:var(--pd-text);font:inherit;cursor:pointer}
.pd-pager select:focus-visible{outline:2px solid var(--pd-primary);outline-offset:1px}
`;

const ID = 'pd-table-css';

export function useTableCss() {
  useInsertionEffect(() => {
    if (document.getElementById(ID)) return;
    const style = document.createElement('style');
    style.id = ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }, []);
}

/** The CSS variables of a table, from antd's theme tokens. */
export function tableVars(token) {
  return {
    '--pd-text': token.colorText,
    '--pd-text-secondary': token.colorTextSecondary,
    '--pd-font-size': `${token.fontSize}px`,
    '--pd-border': token.colorBorderSecondary,
    '--pd-split': token.colorSplit,
    '--pd-head-bg': token.colorFillAlter,
    '--pd-head-hover': token.colorFillSecondary,
    '--pd-sorted-bg': token.colorFillAlter,
    '--pd-hover-bg': token.colorFillAlter,
    '--pd-selected-bg': token.controlItemBgActive,
    '--pd-primary': token.colorPrimary,
    '--pd-icon': token.colorTextTertiary,
    '--pd-radius': `${token.borderRadiusLG}px`,
    '--pd-radius-sm': `${token.borderRadius}px`,
    '--pd-hover-fill': token.colorBgTextHover,
    '--pd-disabled': token.colorTextDisabled,
    '--pd-bg': token.colorBgContainer,
    '--pd-control-border': token.colorBorder,
  };
}
