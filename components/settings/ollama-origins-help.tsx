import { CopyButton } from '../shared/copy-button';
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
        Ollama only answers extensions that <code>OLLAMA_ORIGINS</code> allows. Set it, then restart
        Ollama:
      </p>
      <p className="copy-row">
        <code>{variable}</code>
        <CopyButton text={variable} label="Copy the variable" />
      </p>
      <details>
        <summary>macOS</summary>
        <ol>
          <li>
            In Terminal: <code>launchctl setenv OLLAMA_ORIGINS "{OLLAMA_ORIGINS_VALUE}"</code>
          </li>
          <li>Quit Ollama from the menu bar and open it again.</li>
        </ol>
      </details>
      <details>
        <summary>Windows</summary>
        <ol>
          <li>Quit Ollama from the taskbar.</li>
          <li>Start menu → "Edit environment variables for your account" → New.</li>
          <li>
            Name <code>OLLAMA_ORIGINS</code>, value <code>{OLLAMA_ORIGINS_VALUE}</code>; OK.
          </li>
          <li>Start Ollama again.</li>
        </ol>
      </details>
      <details>
        <summary>Linux</summary>
        <ol>
          <li>
            <code>sudo systemctl edit ollama.service</code>, and under <code>[Service]</code> add{' '}
            <code>Environment="{variable}"</code>
          </li>
          <li>
            <code>sudo systemctl daemon-reload && sudo systemctl restart ollama</code>
          </li>
        </ol>
      </details>
      <p className="hint">
        Saved as the Ollama endpoint, Gleaner also asks it without the extension's Origin header,
        which Ollama accepts without the variable.
      </p>
    </div>
  );
}
