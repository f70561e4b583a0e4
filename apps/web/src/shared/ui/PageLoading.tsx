import { useTranslation } from 'react-i18next';

/** A light spinner in static CSS (shared/ui/base.css): MUI's CircularProgress would weigh on the home page's budget. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="bjk-loading" role="progressbar" aria-label={t('loading')}>
      <div className="bjk-spinner" />
    </div>
  );
}
