import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { shellButtonClass } from './ShellButton';

/** Any path the route table does not know (plain elements: it is part of the first bundle). */
export function NotFoundPage({ homePath = '/' }: { homePath?: string }) {
  const { t } = useTranslation('errors');
  const { pathname } = useLocation();
  return (
    <div className="bjk-stack bjk-not-found">
      <h1 className="bjk-h1" data-testid="not-found">
        {t('pageNotFound', { path: pathname })}
      </h1>
      <p className="bjk-body1">{t('pageNotFoundHelp')}</p>
      <div>
        <RouterLink className={shellButtonClass('contained')} to={homePath}>
          {t('backHome')}
        </RouterLink>
      </div>
    </div>
  );
}
