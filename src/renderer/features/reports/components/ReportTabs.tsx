import { useRef, type KeyboardEvent } from 'react';
import { REPORT_TABS, TAB_LABEL, type ReportTab } from '../model/tabs.js';

export const tabId = (tab: ReportTab) => `reports-tab-${tab}`;
export const panelId = (tab: ReportTab) => `reports-panel-${tab}`;

/** The report tabs (WAI-ARIA tabs: arrows, Home and End move between them). */
export function ReportTabs({ current, onChange }: { current: ReportTab; onChange(tab: ReportTab): void }) {
  const refs = useRef(new Map<ReportTab, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = REPORT_TABS.indexOf(current);
    const next =
      e.key === 'ArrowRight'
        ? REPORT_TABS[(at + 1) % REPORT_TABS.length]
        : e.key === 'ArrowLeft'
          ? REPORT_TABS[(at - 1 + REPORT_TABS.length) % REPORT_TABS.length]
          : e.key === 'Home'
            ? REPORT_TABS[0]
            : e.key === 'End'
              ? REPORT_TABS[REPORT_TABS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="report-tabs no-print" role="tablist" aria-label="Reports">
      {REPORT_TABS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            if (el) refs.current.set(tab, el);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === current}
          aria-controls={tab === current ? panelId(tab) : undefined}
          tabIndex={tab === current ? 0 : -1}
          className="report-tab"
          onClick={() => onChange(tab)}
          onKeyDown={onKeyDown}
        >
          {TAB_LABEL[tab]}
        </button>
      ))}
    </div>
  );
}
