import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@bjk/domain/languages';
import { changeLanguage, currentLanguage } from '../../shared/i18n';
import { ShellButton } from '../../shared/ui/ShellButton';
import { lazyWithMui } from '../lazy-page';
import { ShellIcon } from './ShellIcon';

// MUI's Menu with MUI's theme, loaded on first use.
const LanguageMenu = lazyWithMui(() => import('./LanguageMenu'));

export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const language = currentLanguage();
  const choose = (next: Language) => {
    setAnchor(null);
    void changeLanguage(next);
  };
  return (
    <>
      <ShellButton
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-label={t('language.choose')}
        data-testid="language-switcher"
      >
        <ShellIcon name="language" size={20} />
        {language.toUpperCase()}
      </ShellButton>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={language} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
