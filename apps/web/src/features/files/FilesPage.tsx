import { useTranslation } from 'react-i18next';
import { useResource } from '../../shared/data/resource';
import { currentLanguage } from '../../shared/i18n';
import { Icon } from '../../shared/ui/plain/Icon';
import type { IconName } from '../../shared/ui/plain/icons';
import { PUBLIC_FILES_KEY, PUBLIC_GROUPS_KEY, displayNameIn, formatSize, loadPublicFiles, loadPublicGroups, publicFileUrl } from './api';
import '../../shared/ui/plain/plain.css';
import './files.css';

function iconOf(contentType: string): IconName {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'description';
  return 'tableChart';
}

/**
 * The public documents, by group (the sponsors' logos are shown in the carousel, not here). Plain elements read from
 * the resource cache (no MUI, no TanStack Query: decision 0003); a failed load reaches the route's error page.
 */
export function FilesPage() {
  const { t } = useTranslation('files');
  const language = currentLanguage();
  const groups = useResource(PUBLIC_GROUPS_KEY, loadPublicGroups);
  const files = useResource(PUBLIC_FILES_KEY, loadPublicFiles);
  const shown = groups.filter((g) => g.code !== 'sponsors' && files.some((f) => f.group === g.code));
  return (
    <div className="bjk-files">
      <h1 className="bjk-h1">{t('title')}</h1>
      {shown.length === 0 && <p className="bjk-body1 bjk-secondary">{t('none')}</p>}
      {shown.map((group) => (
        <section key={group.code} aria-labelledby={`files-${group.code}`}>
          <h2 className="bjk-h2 bjk-files-group" id={`files-${group.code}`}>
            {displayNameIn(group.label, language, group.code)}
          </h2>
          <ul className="bjk-files-list" data-testid={`files-${group.code}`}>
            {files
              .filter((f) => f.group === group.code)
              .map((file) => (
                <li key={file.name}>
                  <a className="bjk-files-link" href={publicFileUrl(file)} download={file.contentType.startsWith('image/') ? undefined : file.name}>
                    <span className="bjk-files-icon">
                      <Icon name={iconOf(file.contentType)} />
                    </span>
                    <span className="bjk-files-text">
                      <span className="bjk-body1 bjk-files-name">{displayNameIn(file.displayName, language, file.name)}</span>
                      <span className="bjk-body2 bjk-secondary bjk-files-meta">{`${file.name} · ${formatSize(file.size, language)}`}</span>
                    </span>
                  </a>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
