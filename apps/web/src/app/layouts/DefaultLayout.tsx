import { useTranslation } from 'react-i18next';
import { useEdition } from '../../shared/edition/useEdition';
import { currentLanguage } from '../../shared/i18n';
import { usePublicMenu } from '../public-menu';
import { AppShell } from './AppShell';
import { SiteFooter } from './SiteFooter';

/** The public site's layout. */
export function DefaultLayout() {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const language = currentLanguage();
  const navigation = usePublicMenu(language);
  return (
    <AppShell
      title={edition.name[language]}
      shortTitle={edition.shortName[language]}
      homePath="/"
      navigation={navigation}
      navigationLabel={t('nav.label')}
      footer={<SiteFooter />}
    />
  );
}
