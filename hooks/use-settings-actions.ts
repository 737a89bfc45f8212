import { exemptPrivateHost, revokeGrant } from './grant-commands';
import {
  detectLocalServersFromForm,
  saveSettingsFromForm,
  testConnectionFromForm,
} from './settings-form-actions';
import { toolsActions } from './tools-actions';
import { useCustomTools } from './use-custom-tools';
import { useGrants } from './use-grants';

/**
 * What the Settings screen reads (grants, added tools) and does (save, test the connection,
 * detect local servers, revoke and exempt), the same on the options page and in the panel.
 */
export function useSettingsActions() {
  const custom = useCustomTools();
  const grants = useGrants();
  return {
    onSave: saveSettingsFromForm,
    onTestConnection: testConnectionFromForm,
    grants,
    onRevokeGrant: revokeGrant,
    onExemptHost: exemptPrivateHost,
    tools: { custom, actions: toolsActions },
    onDetect: detectLocalServersFromForm,
  };
}
