import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { buildChatItems } from '../../components/chat/chat-items';
import { Composer } from '../../components/chat/composer';
import { EmptyChat, SetupNeeded } from '../../components/chat/empty-chat';
import { FetchAnalysisView } from '../../components/chat/fetch-analysis-view';
import { MessageList } from '../../components/chat/message-list';
import { RunBanner } from '../../components/chat/run-banner';
import { sentTabTitles } from '../../components/chat/sent-tabs';
import { StorageFullNotice } from '../../components/chat/storage-full-notice';
import { StreamedTextSource } from '../../components/chat/streamed-text';
import { buildTranscript } from '../../components/chat/transcript';
import type { TabAttachments } from '../../components/chat/use-tab-attachments';
import { waitPhase } from '../../components/chat/wait-phase';
import { ConsentCard, type ConsentDecision } from '../../components/consent/consent-card';
import { sendCommand } from '../../hooks/send-command';
import { useClock } from '../../hooks/use-clock';
import { useFetchAnalyses, useFetchAnalysisCalls } from '../../hooks/use-fetch-analyses';
import {
  deltaHub,
  useFollowStreaming,
  useMessageDeltas,
  useStreamStarted,
} from '../../hooks/use-message-deltas';
import { useSessionData } from '../../hooks/use-session-data';
import { useStorageFull } from '../../hooks/use-storage-full';
import {
  ACTIVE_RUN_STATUSES,
  type MessageRecord,
  type RunRecord,
  type RunTotals,
  type StepRecord,
} from '../../lib/db/records';
import type { Command } from '../../lib/messaging/protocol';
import { summarizeRequest } from '../../lib/messaging/summarize-request';
import { runTotalsOf, storedTotals, subAgentCallIds } from '../../lib/sessions/run-totals';

const NO_MESSAGES: MessageRecord[] = [];
const NO_IDS: string[] = [];
const NO_RUNS: RunRecord[] = [];
const NO_STEPS: ReadonlyMap<string, StepRecord[]> = new Map();

interface ChatScreenProps {
  sessionId: string | null;
  /** undefined while the settings load: neither nag nor invite yet. */
  configured: boolean | undefined;
  /** The composer's text lives in the app, so visiting Settings or Sessions keeps it. */
  text: string;
  onTextChange: Dispatch<SetStateAction<string>>;
  /** The composer's Search the web toggle; it lives in the app like the text, and resets on send. */
  searchWeb: boolean;
  onSearchWebChange: Dispatch<SetStateAction<boolean>>;
  /** The composer's attached tabs; they live in the app too. */
  attachments: TabAttachments;
  onSelect: (sessionId: string | null) => void;
  /** The worker made a session for what was sent here (a new chat, or one deleted meanwhile). */
  onCreated: (sessionId: string) => void;
  onOpenSettings: () => void;
  onOpenSessions: () => void;
  /** Enter sends (the default); false when the user keeps Enter for new lines. */
  enterSends?: boolean;
  /** Who gets what a consent card allows reading ("OpenAI"). */
  providerName?: string;
  /** Said once after Settings were saved: which model is ready. */
  ready?: string;
  /** Send was pressed before the panel's code had arrived: send the text once it is known. */
  sendQueued?: boolean;
  onQueuedSendTaken?: () => void;
}

export function ChatScreen(props: ChatScreenProps) {
  const {
    sessionId,
    configured,
    text,
    onTextChange,
    searchWeb,
    onSearchWebChange,
    attachments,
    onSelect,
    onCreated,
    onOpenSettings,
    onOpenSessions,
    ready,
    enterSends,
    providerName,
    sendQueued,
    onQueuedSendTaken,
  } = props;
  // A sub-agent's steps are read for the answer being written and for the Activity panels the
  // user opened; so are the main runs' own steps (a finished answer's footer is stored with it).
  const [openActivities, setOpenActivities] = useState<ReadonlySet<string>>(new Set());
  const loaded = useSessionData(sessionId, openActivities);
  const data = loaded?.sessionId === sessionId ? loaded : undefined;
  const messages = data?.messages ?? NO_MESSAGES;
  const runs = data?.runs ?? NO_RUNS;
  const latestRun = runs.at(-1);
  const activeRun = runs.findLast((run) => ACTIVE_RUN_STATUSES.includes(run.status));

  const streamingIds = messages.filter((m) => m.status === 'streaming').map((m) => m.id);
  useFollowStreaming(streamingIds);
  const parentId = data?.session?.parentSessionId;
  // A chat's answers draw their own streamed text (message-list.tsx); a Fetch Analysis's
  // transcript is one list, drawn with its deltas.
  const deltas = useMessageDeltas(parentId ? streamingIds : NO_IDS);
  const storageFull = useStorageFull(sessionId ?? undefined);
  const items = useMemo(() => buildChatItems(messages, runs), [messages, runs]);
  const analysisCalls = useMemo(() => {
    const shown = runs.filter(
      (run) => openActivities.has(run.id) || ACTIVE_RUN_STATUSES.includes(run.status),
    );
    return shown.flatMap((run) => subAgentCallIds(data?.stepsByRun.get(run.id) ?? []));
  }, [runs, openActivities, data?.stepsByRun]);
  const fetchAnalyses = useFetchAnalyses(parentId ? null : sessionId, analysisCalls);
  // The usage lines of answers without stored totals add up their sub-agents' model calls.
  const countedCalls = useMemo(
    () =>
      runs.flatMap((run) =>
        storedTotals(run) ? [] : subAgentCallIds(data?.stepsByRun.get(run.id) ?? []),
      ),
    [runs, data?.stepsByRun],
  );
  const subAgentCalls = useFetchAnalysisCalls(parentId ? null : sessionId, countedCalls);
  const totalsByRun = useMemo(() => {
    const totals = new Map<string, RunTotals>();
    for (const run of runs) {
      const steps = data?.stepsByRun.get(run.id);
      const known = storedTotals(run) ?? (steps && runTotalsOf(steps, subAgentCalls));
      if (known) totals.set(run.id, known);
    }
    return totals;
  }, [runs, data?.stepsByRun, subAgentCalls]);
  const toggleActivity = useCallback((runId: string, open: boolean) => {
    setOpenActivities((current) => {
      const next = new Set(current);
      if (open) next.add(runId);
      else next.delete(runId);
      return next;
    });
  }, []);
  const allSteps = useMemo(
    () => runs.flatMap((run) => data?.stepsByRun.get(run.id) ?? []),
    [runs, data?.stepsByRun],
  );
  const transcript = useMemo(
    () => (parentId ? buildTranscript(messages, allSteps, deltas) : []),
    [parentId, messages, allSteps, deltas],
  );
  const consent = data?.consent;
  const windowTabs = attachments.tabs;
  const sentTabs = useMemo(
    () =>
      sentTabTitles(
        runs,
        totalsByRun,
        (tabId) => windowTabs.find((tab) => tab.id === tabId)?.title,
      ),
    [runs, totalsByRun, windowTabs],
  );

  // Search the web stays on for a session once turned on: a session whose last message searched
  // opens with the toggle on, and sending does not turn it off.
  const searchRestored = useRef(false);
  useEffect(() => {
    if (searchRestored.current || !data) return;
    searchRestored.current = true;
    if (latestRun?.searchWeb) onSearchWebChange(true);
  }, [data, latestRun, onSearchWebChange]);

  // A countdown ("retrying in 5 s") needs the time to move while an answer is being written.
  const now = useClock(activeRun !== undefined);
  const activeSteps = activeRun ? data?.stepsByRun.get(activeRun.id) : undefined;
  const activeAnswer = activeRun
    ? items.findLast(
        (item) => item.message.runId === activeRun.id && item.message.role === 'assistant',
      )
    : undefined;
  const streamStarted = useStreamStarted(
    activeAnswer?.message.status === 'streaming' ? activeAnswer.message.id : undefined,
  );
  const pending = activeRun && {
    runId: activeRun.id,
    phase: waitPhase({
      run: activeRun,
      steps: activeSteps ?? [],
      consent,
      fetchAnalyses,
      tabTitle: (tabId) => windowTabs.find((tab) => tab.id === tabId)?.title,
      textFlows:
        activeAnswer?.message.status === 'streaming' &&
        (activeAnswer.content.trim() !== '' || streamStarted),
      now,
    }),
  };

  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = useCallback(async <C extends Command>(command: C) => {
    setBusy(true);
    const result = await sendCommand(command);
    setBusy(false);
    setError(result.ok ? undefined : result.error);
    return result;
  }, []);
  // Kept from one drawing to the next: each answer's memo compares them, so a letter typed in
  // the composer (the draft is the app's) does not draw every answer of the chat again.
  const canAskAgain = !activeRun && !busy && configured !== false;
  const regenerate = useCallback(
    (runId: string) => void run({ type: 'regenerateRun', runId }),
    [run],
  );
  const answerWithoutWeb = useCallback(
    (runId: string) => void run({ type: 'regenerateRun', runId, withoutWeb: true }),
    [run],
  );

  async function start(typed: string, tabIds: readonly number[], search = false) {
    // A session deleted elsewhere is gone: the message starts a new chat instead of failing.
    const target = sessionId && data?.session !== null ? sessionId : undefined;
    const result = await run({
      type: 'startRun',
      sessionId: target,
      text: typed,
      ...(tabIds.length ? { tabIds: [...tabIds] } : {}),
      ...(search ? { searchWeb: true } : {}),
    });
    if (!result.ok) return false;
    const created = result.value.sessionId;
    if (created && created !== sessionId) onCreated(created);
    return true;
  }

  async function sendFromComposer() {
    const typed = text;
    const selection = attachments.selection;
    const tabIds = attachments.attached.map((tab) => tab.id);
    const search = searchWeb;
    if (!(await start(typed, tabIds, search))) return;
    // Only what was sent is cleared: text typed and tabs picked while waiting for the reply stay.
    onTextChange((current) => (current === typed ? '' : current));
    attachments.reset(selection);
  }

  function summarize() {
    const page = attachments.current;
    if (page) void start(summarizeRequest(page.title), [page.id]);
  }

  // Send pressed in the shell: sent once the settings say whether a model is set up. Without one,
  // the composer's setup note says why nothing was sent, and the text stays.
  const queuedSendTaken = useRef(false);
  useEffect(() => {
    if (!sendQueued || configured === undefined || queuedSendTaken.current) return;
    queuedSendTaken.current = true;
    onQueuedSendTaken?.();
    if (configured) void sendFromComposer();
  });

  async function answerConsent(
    requestId: string,
    decision: ConsentDecision,
    allowAllForAnswer: boolean,
  ) {
    const result = await sendCommand({
      type: 'answerConsent',
      requestId,
      decision,
      allowAllForAnswer,
    });
    return result.ok ? undefined : result.error;
  }

  if (parentId) {
    // A Fetch Analysis session: read-only, no composer; its card still shows while it asks.
    return (
      <div className="chat">
        <div className="chat-scroll">
          <FetchAnalysisView
            entries={transcript}
            run={latestRun}
            steps={allSteps}
            onBack={() => onSelect(parentId)}
          />
          {consent && (
            <ConsentCard
              key={consent.id}
              request={consent}
              providerName={providerName}
              onAnswer={(decision, allowAll) => answerConsent(consent.id, decision, allowAll)}
            />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="chat">
      <div className="chat-scroll">
        {ready && configured && items.length === 0 && (
          <p className="ready-note" role="status">
            {ready}
          </p>
        )}
        {configured === false && items.length > 0 && (
          <SetupNeeded onOpenSettings={onOpenSettings} />
        )}
        {items.length === 0 && configured !== undefined && (!sessionId || data) ? (
          <EmptyChat
            configured={configured}
            pageTitle={attachments.current?.title}
            busy={busy}
            onOpenSettings={onOpenSettings}
            onSummarize={summarize}
          />
        ) : (
          <StreamedTextSource.Provider value={deltaHub()}>
            <MessageList
              items={items}
              stepsByRun={data?.stepsByRun ?? NO_STEPS}
              totalsByRun={totalsByRun}
              fetchAnalyses={fetchAnalyses}
              openActivities={openActivities}
              onActivityToggle={toggleActivity}
              onOpenSession={onSelect}
              sentTabs={sentTabs}
              pending={pending}
              onRegenerate={canAskAgain ? regenerate : undefined}
              onAnswerWithoutWeb={canAskAgain ? answerWithoutWeb : undefined}
            />
          </StreamedTextSource.Provider>
        )}
        {storageFull && <StorageFullNotice message={storageFull} onOpenSessions={onOpenSessions} />}
        {consent && (
          <ConsentCard
            key={consent.id}
            request={consent}
            providerName={providerName}
            onAnswer={(decision, allowAll) => answerConsent(consent.id, decision, allowAll)}
          />
        )}
        <RunBanner
          // The card says what the run waits for; the banner would only repeat it.
          run={consent ? undefined : latestRun}
          busy={busy}
          onResume={() => latestRun && void run({ type: 'resumeRun', runId: latestRun.id })}
          onOpenSettings={onOpenSettings}
        />
      </div>
      <Composer
        text={text}
        onTextChange={onTextChange}
        running={activeRun !== undefined}
        busy={busy}
        error={error}
        tabs={attachments.tabs}
        attached={attachments.attached}
        currentTabId={attachments.current?.id}
        onAttach={attachments.attach}
        onDetach={attachments.detach}
        searchWeb={searchWeb}
        onSearchWebChange={onSearchWebChange}
        onSend={() => void sendFromComposer()}
        onStop={() => activeRun && void run({ type: 'stopRun', runId: activeRun.id })}
        enterSends={enterSends}
        onSetUp={configured === false ? onOpenSettings : undefined}
      />
    </div>
  );
}
