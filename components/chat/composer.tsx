import {
  type FormEvent,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { t } from '../../lib/i18n/translate';
import type { WindowTab } from '../../lib/tabs/window-tab';
import { findMention, matchTabs, removeMention } from './mention';
import { MentionSuggestions } from './mention-suggestions';
import { TabChips } from './tab-chips';
import { TabPicker } from './tab-picker';
import './composer.css';

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  /** A run of this session is active: Stop takes Send's place. */
  running: boolean;
  /** A command is on its way to the worker. */
  busy: boolean;
  error?: string;
  /** Readable tabs of the panel's window: what the picker and @-mentions offer. */
  tabs: readonly WindowTab[];
  /** The chips: sent as `tabIds` with the message. */
  attached: readonly WindowTab[];
  /** The tab the user is looking at, when readable (marked in the picker). */
  currentTabId: number | undefined;
  onAttach: (tabId: number) => void;
  onDetach: (tabId: number) => void;
  /** The Search the web toggle: the next message asks for a web search (agentic_fetch). */
  searchWeb: boolean;
  onSearchWebChange: (on: boolean) => void;
  onSend: () => void;
  onStop: () => void;
  /** Enter sends and Shift+Enter makes a new line; false keeps Enter for new lines. */
  enterSends?: boolean;
  /**
   * Set while no model is configured: the composer says so and links to Settings, instead of
   * sending a message that could only fail.
   */
  onSetUp?: () => void;
}

export function Composer({
  text,
  onTextChange,
  running,
  busy,
  error,
  tabs,
  attached,
  currentTabId,
  onAttach,
  onDetach,
  searchWeb,
  onSearchWebChange,
  onSend,
  onStop,
  enterSends = true,
  onSetUp,
}: ComposerProps) {
  const id = useId();
  const pickerId = `${id}-picker`;
  const listId = `${id}-mentions`;
  const searchHintId = `${id}-search-hint`;
  const optionId = (index: number) => `${id}-mention-${index}`;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const attachRef = useRef<HTMLButtonElement>(null);
  const caretAfterRender = useRef<number | undefined>(undefined);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [caret, setCaret] = useState(text.length);
  const [activeIndex, setActiveIndex] = useState(0);
  /** The `@` (by position) whose suggestions the user closed with Escape. */
  const [dismissedAt, setDismissedAt] = useState<number>();
  const [focused, setFocused] = useState(false);
  const canSend = text.trim() !== '' && !busy && !running && !onSetUp;
  const attachedIds = useMemo(() => new Set(attached.map((tab) => tab.id)), [attached]);

  const mention = findMention(text, caret);
  const suggestions =
    focused && mention && mention.start !== dismissedAt ? matchTabs(tabs, mention.query) : [];
  const showSuggestions = suggestions.length > 0;
  const active = Math.min(activeIndex, suggestions.length - 1);

  useLayoutEffect(() => {
    const position = caretAfterRender.current;
    if (position === undefined || !fieldRef.current) return;
    caretAfterRender.current = undefined;
    fieldRef.current.setSelectionRange(position, position);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSend) onSend();
  }

  function trackCaret(field: HTMLTextAreaElement) {
    setCaret(field.selectionStart ?? field.value.length);
  }

  function pick(tab: WindowTab) {
    if (!mention) return;
    onAttach(tab.id);
    const next = removeMention(text, mention);
    caretAfterRender.current = next.caret;
    setCaret(next.caret);
    setActiveIndex(0);
    onTextChange(next.text);
    fieldRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (showSuggestions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((active + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        const chosen = suggestions[active];
        if (chosen) pick(chosen);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissedAt(mention?.start);
        return;
      }
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Ctrl+Enter (Cmd+Enter on macOS) always sends; Enter alone sends unless the setting keeps
    // it for new lines; Shift+Enter is always a new line.
    const modified = event.ctrlKey || event.metaKey;
    if (modified || (enterSends && !event.shiftKey && !event.altKey)) {
      event.preventDefault();
      if (canSend) onSend();
    }
  }

  function closePicker() {
    setPickerOpen(false);
    attachRef.current?.focus();
  }

  return (
    <form className="composer" onSubmit={submit}>
      {onSetUp && (
        <p className="composer-setup" role="note">
          {t('composerSetupNeeded')}{' '}
          <a
            href="/options.html"
            onClick={(event) => {
              event.preventDefault();
              onSetUp();
            }}
          >
            {t('goToSettings')}
          </a>
        </p>
      )}
      {error && (
        <p className="composer-error" role="alert">
          {error}
        </p>
      )}
      <div className="composer-tabs">
        <TabChips tabs={attached} onRemove={onDetach} />
        <button
          ref={attachRef}
          type="button"
          className="attach-button"
          aria-expanded={pickerOpen}
          aria-controls={pickerOpen ? pickerId : undefined}
          onClick={() => setPickerOpen(!pickerOpen)}
        >
          {t('attachTab')}
        </button>
      </div>
      {pickerOpen && (
        <TabPicker
          id={pickerId}
          tabs={tabs}
          attachedIds={attachedIds}
          currentId={currentTabId}
          onToggle={(tabId, attach) => (attach ? onAttach(tabId) : onDetach(tabId))}
          onClose={closePicker}
        />
      )}
      <label htmlFor={id} className="visually-hidden">
        {t('messageLabel')}
      </label>
      <div className="composer-field">
        {showSuggestions && (
          <MentionSuggestions
            id={listId}
            tabs={suggestions}
            activeIndex={active}
            optionId={optionId}
            attachedIds={attachedIds}
            onPick={pick}
          />
        )}
        <textarea
          ref={fieldRef}
          id={id}
          value={text}
          rows={3}
          placeholder={enterSends ? t('composerPlaceholder') : t('composerPlaceholderCtrlEnter')}
          aria-keyshortcuts={enterSends ? 'Enter' : 'Control+Enter'}
          aria-autocomplete="list"
          aria-controls={showSuggestions ? listId : undefined}
          aria-activedescendant={showSuggestions ? optionId(active) : undefined}
          onChange={(event) => {
            const field = event.target;
            onTextChange(field.value);
            trackCaret(field);
            setActiveIndex(0);
            // A new @ typed where a dismissed one was deserves its suggestions.
            if (!findMention(field.value, field.selectionStart ?? 0)) setDismissedAt(undefined);
          }}
          onSelect={(event) => trackCaret(event.currentTarget)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </div>
      <div className="composer-actions">
        <button
          type="button"
          role="switch"
          aria-checked={searchWeb}
          aria-describedby={searchHintId}
          className="search-toggle"
          title={t('searchWebHint')}
          onClick={() => onSearchWebChange(!searchWeb)}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          {t('searchWeb')}
        </button>
        <span id={searchHintId} className="visually-hidden">
          {t('searchWebHint')}
        </span>
        {running ? (
          <button type="button" className="button-stop" onClick={onStop} disabled={busy}>
            {t('stop')}
          </button>
        ) : (
          <button type="submit" className="button-primary" disabled={!canSend}>
            {t('send')}
          </button>
        )}
      </div>
    </form>
  );
}
