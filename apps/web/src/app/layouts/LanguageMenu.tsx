import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@bjk/domain/languages';

type Props = { anchor: HTMLElement | null; current: Language; onChoose: (language: Language) => void; onClose: () => void };

/** The popup of the language switcher, loaded on first use to keep the first page light. */
export default function LanguageMenu({ anchor, current, onChoose, onClose }: Props) {
  const { t } = useTranslation('common');
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((lng) => (
        <MenuItem key={lng} selected={lng === current} onClick={() => onChoose(lng)} lang={lng}>
          {t(`language.names.${lng}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
