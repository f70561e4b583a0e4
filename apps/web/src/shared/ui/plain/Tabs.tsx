import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './plain.css';

export type TabItem<V extends string> = { value: V; label: ReactNode; testId?: string };

type Props<V extends string> = {
  /** The tab list's accessible name. */
  label: string;
  value: V;
  onChange: (value: V) => void;
  tabs: readonly TabItem<V>[];
  /** Ids: tab `${idPrefix}-tab-${value}` controls panel `${idPrefix}-panel-${value}` (see `TabPanel`). */
  idPrefix: string;
};

/**
 * MUI's scrollable Tabs as WAI-ARIA tabs in plain elements: one tab in the Tab order, arrow keys, Home and End move
 * between tabs and select them (automatic activation, as MUI does).
 */
export function Tabs<V extends string>({ label, value, onChange, tabs, idPrefix }: Props<V>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={list} className="bjk-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-controls={`${idPrefix}-panel-${tab.value}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className="bjk-tab"
            data-testid={tab.testId}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab of `Tabs` with the same `idPrefix`. */
export function TabPanel({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`}>
      {children}
    </div>
  );
}
