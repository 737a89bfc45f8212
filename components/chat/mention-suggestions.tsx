import { t } from '../../lib/i18n/translate';
import type { WindowTab } from '../../lib/tabs/window-tab';
import { tabHost, tabLabel } from './tab-attachments';
import './composer.css';

interface MentionSuggestionsProps {
  id: string;
  tabs: readonly WindowTab[];
  activeIndex: number;
  optionId: (index: number) => string;
  attachedIds: ReadonlySet<number>;
  onPick: (tab: WindowTab) => void;
}

/**
 * Tabs matching the `@query` in the Message field. Focus stays in the field (which points at the
 * active option with aria-activedescendant); the arrow keys move, Enter picks, Escape closes.
 */
export function MentionSuggestions({
  id,
  tabs,
  activeIndex,
  optionId,
  attachedIds,
  onPick,
}: MentionSuggestionsProps) {
  return (
    <div id={id} className="mention-list" role="listbox" aria-label={t('tabsToAttach')}>
      {tabs.map((tab, index) => (
        // Keyboard use goes through the Message field (see the Composer); a click picks too.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the field keeps focus and handles keys.
        <div
          key={tab.id}
          id={optionId(index)}
          role="option"
          // Focus stays in the field; -1 keeps the option out of the Tab order.
          tabIndex={-1}
          aria-selected={index === activeIndex}
          className={index === activeIndex ? 'mention-option active' : 'mention-option'}
          // Keeps focus (and the caret) in the Message field.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(tab)}
        >
          <span className="mention-title">{tabLabel(tab)}</span>
          <span className="mention-host muted" aria-hidden="true">
            {attachedIds.has(tab.id) ? `${t('attachedMark')} · ` : ''}
            {tabHost(tab.url) || tab.url}
          </span>
        </div>
      ))}
    </div>
  );
}
