import { t } from '../../lib/i18n/translate';
import type { WindowTab } from '../../lib/tabs/window-tab';
import { tabHost, tabLabel, truncate } from './tab-attachments';
import './composer.css';

const CHIP_CHARACTERS = 32;

interface TabChipsProps {
  tabs: readonly WindowTab[];
  onRemove: (tabId: number) => void;
}

/** The tabs the next message takes along, each removable. */
export function TabChips({ tabs, onRemove }: TabChipsProps) {
  if (tabs.length === 0) return <p className="tab-chips-empty muted">{t('noTabAttached')}</p>;
  return (
    <ul className="tab-chips" aria-label={t('attachedTabs')}>
      {tabs.map((tab) => {
        const label = tabLabel(tab);
        return (
          <li key={tab.id} className="tab-chip" title={`${label}\n${tabHost(tab.url) || tab.url}`}>
            <span className="tab-chip-title">{truncate(label, CHIP_CHARACTERS)}</span>
            <button
              type="button"
              className="tab-chip-remove"
              aria-label={t('removeTab', label)}
              onClick={() => onRemove(tab.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
