import { t } from '../../lib/i18n/translate';
import { CopyButton } from '../shared/copy-button';
import { RichMessage } from '../shared/rich-message';
import './settings.css';

const OLLAMA_ORIGINS_VALUE = 'chrome-extension://*,moz-extension://*';

/**
 * Ollama refuses requests from extension pages unless OLLAMA_ORIGINS allows them: the exact
 * variable, with the few steps each system needs to set it.
 */
export function OllamaOriginsHelp() {
  const variable = `OLLAMA_ORIGINS=${OLLAMA_ORIGINS_VALUE}`;
  return (
    <div className="ollama-help">
      <p>
        <RichMessage id="ollamaOriginsIntro" parts={[<code key="name">OLLAMA_ORIGINS</code>]} />
      </p>
      <p className="copy-row">
        <code>{variable}</code>
        <CopyButton text={variable} label={t('copyVariable')} />
      </p>
      <details>
        <summary>macOS</summary>
        <ol>
          <li>
            <RichMessage
              id="ollamaMacTerminal"
              parts={[
                <code key="command">launchctl setenv OLLAMA_ORIGINS "{OLLAMA_ORIGINS_VALUE}"</code>,
              ]}
            />
          </li>
          <li>{t('ollamaMacRestart')}</li>
        </ol>
      </details>
      <details>
        <summary>Windows</summary>
        <ol>
          <li>{t('ollamaWindowsQuit')}</li>
          <li>{t('ollamaWindowsVariables')}</li>
          <li>
            <RichMessage
              id="ollamaWindowsNameValue"
              parts={[
                <code key="name">OLLAMA_ORIGINS</code>,
                <code key="value">{OLLAMA_ORIGINS_VALUE}</code>,
              ]}
            />
          </li>
          <li>{t('ollamaWindowsStart')}</li>
        </ol>
      </details>
      <details>
        <summary>Linux</summary>
        <ol>
          <li>
            <RichMessage
              id="ollamaLinuxEdit"
              parts={[
                <code key="edit">sudo systemctl edit ollama.service</code>,
                <code key="section">[Service]</code>,
                <code key="line">Environment="{variable}"</code>,
              ]}
            />
          </li>
          <li>
            <code>sudo systemctl daemon-reload && sudo systemctl restart ollama</code>
          </li>
        </ol>
      </details>
      <p className="hint">{t('ollamaWithoutOrigin')}</p>
    </div>
  );
}
