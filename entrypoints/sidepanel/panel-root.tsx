import { type ComponentProps, useLayoutEffect, useRef, useState } from 'react';
import type { PanelView } from '../../components/panel/app-header';
import { PanelShell } from '../../components/panel/panel-shell';
import { lazyModule, useLazyModule } from '../../components/shared/lazy-module';
import { useUiLanguage } from '../../hooks/use-ui-language';

// The sessions database, the settings and their schemas are most of the panel's code: the
// composer paints before they load, and they load right after, not when first used.
const panelApp = lazyModule(() => import('./App'));

/** Where the caret was in the shell's composer when it gave way, so typing goes on there. */
interface CarriedFocus {
  start: number;
  end: number;
}

function composerField(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>('.composer textarea');
}

/**
 * The shell in the browser's language: the settings that may choose another are not read yet.
 * When it gives way it tells where the caret was: its own cleanup runs before its nodes leave
 * the page, while the field still has the focus.
 */
function Shell({
  onLeave,
  ...props
}: ComponentProps<typeof PanelShell> & { onLeave: (focus: CarriedFocus | undefined) => void }) {
  useUiLanguage(undefined);
  const leave = useRef(onLeave);
  leave.current = onLeave;
  useLayoutEffect(
    () => () => {
      const field = composerField();
      leave.current(
        field && document.activeElement === field
          ? { start: field.selectionStart, end: field.selectionEnd }
          : undefined,
      );
    },
    [],
  );
  return <PanelShell {...props} />;
}

/**
 * The panel: the shell (header and composer) until the rest of its code arrives, then the app.
 * What the user did in the shell (text typed, the toggle, Send, a header button) is handed on.
 */
export function PanelRoot() {
  const [draft, setDraft] = useState('');
  const [searchWeb, setSearchWeb] = useState(false);
  const [sendQueued, setSendQueued] = useState(false);
  const [initialView, setInitialView] = useState<PanelView>('chat');
  const [newChat, setNewChat] = useState(false);
  const carried = useRef<CarriedFocus>(undefined);
  const loaded = useLazyModule(panelApp);

  // The app's composer takes the focus and caret the shell's had.
  useLayoutEffect(() => {
    const focus = carried.current;
    carried.current = undefined;
    const field = composerField();
    if (!loaded || !focus || !field) return;
    field.focus();
    field.setSelectionRange(focus.start, focus.end);
  }, [loaded]);

  if (!loaded) {
    return (
      <Shell
        onLeave={(focus) => {
          carried.current = focus;
        }}
        text={draft}
        onTextChange={setDraft}
        searchWeb={searchWeb}
        onSearchWebChange={setSearchWeb}
        onSend={() => setSendQueued(true)}
        onView={setInitialView}
        onNewChat={() => {
          setNewChat(true);
          setInitialView('chat');
        }}
        sending={sendQueued}
      />
    );
  }
  return (
    <loaded.App
      draft={draft}
      onDraftChange={setDraft}
      searchWeb={searchWeb}
      onSearchWebChange={setSearchWeb}
      initialView={initialView}
      startWithNewChat={newChat}
      sendQueued={sendQueued}
      onQueuedSendTaken={() => setSendQueued(false)}
    />
  );
}
