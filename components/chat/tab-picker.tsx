import { type KeyboardEvent, useEffect, useRef } from 'react';
import { t, tp } from '../../lib/i18n/translate';
import type { WindowTab } from '../../lib/tabs/window-tab';
import { MAX_ATTACHED_TABS, tabHost, tabLabel } from './tab-attachments';
import './composer.css';

interface TabPickerProps {
  id: string;
  /** Readable tabs of the window. */
  tabs: readonly WindowTab[];
  attachedIds: ReadonlySet<number>;
  currentId: number | undefined;
  onToggle: (tabId: number, attach: boolean) => void;
  /** Closes the picker; focus goes back to the Attach tab button. */
  onClose: () => void;
}

/** A checkbox per open tab of the window; checking one attaches it to the next message. */
export function TabPicker({ id, tabs, attachedIds, currentId, onToggle, onClose }: TabPickerProps) {
  const firstRef = useRef<HTMLInputElement>(null);
  const full = attachedIds.size >= MAX_ATTACHED_TABS;

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }

  return (
    <fieldset id={id} className="tab-picker" onKeyDown={onKeyDown}>
      <legend>{t('tabsInWindow')}</legend>
      {tabs.length === 0 ? (
        <p className="muted">{t('noReadableTab')}</p>
      ) : (
        <ul className="tab-picker-list">
          {tabs.map((tab, index) => {
            const attached = attachedIds.has(tab.id);
            return (
              <li key={tab.id}>
                <label className="tab-picker-option">
                  <input
                    ref={index === 0 ? firstRef : undefined}
                    type="checkbox"
                    checked={attached}
                    disabled={!attached && full}
                    onChange={(event) => onToggle(tab.id, event.target.checked)}
                  />
                  <span className="tab-picker-title">{tabLabel(tab)}</span>
                </label>
                <span className="tab-picker-host muted">
                  {tab.id === currentId ? `${t('currentTabMark')} · ` : ''}
                  {tabHost(tab.url) || tab.url}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {full && <p className="hint">{tp('tabsAtMost', MAX_ATTACHED_TABS)}</p>}
      <div className="tab-picker-actions">
        <button type="button" onClick={onClose}>
          {t('done')}
        </button>
      </div>
    </fieldset>
  );
}
