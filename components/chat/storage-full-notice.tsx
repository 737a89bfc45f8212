import { t } from '../../lib/i18n/translate';
/** Browser storage is full: what is not saved, that nothing on screen is lost, how to free space. */
export function StorageFullNotice({
  message,
  onOpenSessions,
}: {
  message: string;
  onOpenSessions: () => void;
}) {
  return (
    <div className="storage-full" role="alert">
      <p>{message}</p>
      <button type="button" onClick={onOpenSessions}>
        {t('openSessions')}
      </button>
    </div>
  );
}
