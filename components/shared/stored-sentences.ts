import type { StepRecord } from '../../lib/db/records';
import { type LocalText, storedSentence } from '../../lib/i18n/local-text';
import { t, tp } from '../../lib/i18n/translate';

/**
 * The extension's notice lines under an answer (a limit, a denial, a Stop, an answer without the
 * web) are stored as English sentences: the model reads them in that form, and exports carry
 * them. Each is made from a fixed template, so the panel shows it in the chosen language by
 * recognising its template; a sentence that fits none (a refusal naming its reason, an MCP
 * server's own error) is shown as stored.
 */
const TEMPLATES: ReadonlyArray<{ pattern: RegExp; show: (match: RegExpExecArray) => string }> = [
  {
    pattern: /^Stopped after (\d+) model steps?, the limit for one answer\.$/,
    show: (match) => tp('noticeStepLimit', Number(match[1])),
  },
  {
    pattern:
      /^Stopped: the model asked for the same (\S+) call (\d+) times \(at most (\d+) per answer\)\.$/,
    show: (match) => t('noticeRepeatedCall', match[1] ?? '', Number(match[2]), Number(match[3])),
  },
  {
    pattern: /^Stopped: this answer used its (\d+) fetches\.$/,
    show: (match) => t('noticeFetchLimit', Number(match[1])),
  },
  {
    pattern: /^You stopped this answer before it was written\.$/,
    show: () => t('noticeStoppedBeforeText'),
  },
  {
    pattern: /^You did not allow the search "(.*)"\.$/s,
    show: (match) => t('noticeDeniedSearch', match[1] ?? ''),
  },
  {
    pattern: /^You did not allow calling the tool (\S+)\.$/,
    show: (match) => t('noticeDeniedTool', match[1] ?? ''),
  },
  {
    pattern: /^You did not allow reading the tab "(.*)" \((.*)\)\.$/s,
    show: (match) => t('noticeDeniedTab', match[1] ?? '', match[2] ?? ''),
  },
  {
    pattern: /^You did not allow fetching (\S+)\.$/,
    show: (match) => t('noticeDeniedFetch', match[1] ?? ''),
  },
  {
    pattern:
      /^Answered without the web, as you asked: nothing was fetched or searched for this answer\.$/,
    show: () => t('noticeAnsweredWithoutWeb'),
  },
];

/** The warning a consent card carries when an address holds text from another source. */
const FOREIGN_DATA = /^This address contains text from (\S+): ‘(.*)’$/s;

/** A card's stored warning in the chosen language (see foreignDataMessage in lib/web). */
export function warningText(warning: string): string {
  const match = FOREIGN_DATA.exec(warning);
  return match ? t('warningForeignData', match[1] ?? '', match[2] ?? '') : warning;
}

/**
 * A stored notice in the chosen language: from its message key when it was stored with one,
 * else by its template (notices stored before keys were).
 */
export function noticeText(notice: string, i18n?: LocalText): string {
  if (i18n) return storedSentence(notice, i18n);
  for (const { pattern, show } of TEMPLATES) {
    const match = pattern.exec(notice);
    if (match) return show(match);
  }
  return notice;
}

/** What a step did, in the chosen language (a limit's summary is a notice's sentence). */
export function summaryText(step: Pick<StepRecord, 'summary' | 'summaryI18n'>): string {
  return noticeText(step.summary ?? '', step.summaryI18n);
}
