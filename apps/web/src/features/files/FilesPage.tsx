import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import TableChartIcon from '@mui/icons-material/TableChart';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/ui/PageLoading';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { displayNameIn, formatSize, publicFileUrl, publicFilesQuery, publicGroupsQuery } from './api';

function FileIcon({ contentType }: { contentType: string }) {
  if (contentType.startsWith('image/')) return <ImageIcon />;
  if (contentType === 'application/pdf') return <DescriptionIcon />;
  return <TableChartIcon />;
}

/** The public documents, by group (the sponsors' logos are shown in the carousel, not here). */
export function FilesPage() {
  const { t } = useTranslation('files');
  const language = currentLanguage();
  const groups = useQuery(publicGroupsQuery);
  const files = useQuery(publicFilesQuery);
  if (groups.isPending || files.isPending) return <PageLoading />;
  if (groups.isError || files.isError) return <ErrorAlert error={groups.error ?? files.error} />;
  const shown = groups.data.filter((g) => g.code !== 'sponsors' && files.data.some((f) => f.group === g.code));
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('title')}</Typography>
      {shown.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
      {shown.map((group) => (
        <section key={group.code} aria-labelledby={`files-${group.code}`}>
          <Typography variant="h2" id={`files-${group.code}`} sx={{ fontSize: '1.4rem' }}>
            {displayNameIn(group.label, language, group.code)}
          </Typography>
          <List data-testid={`files-${group.code}`}>
            {files.data
              .filter((f) => f.group === group.code)
              .map((file) => (
                <ListItem key={file.name} disablePadding divider>
                  <ListItemButton component="a" href={publicFileUrl(file)} download={file.contentType.startsWith('image/') ? undefined : file.name}>
                    <ListItemIcon>
                      <FileIcon contentType={file.contentType} />
                    </ListItemIcon>
                    <ListItemText primary={displayNameIn(file.displayName, language, file.name)} secondary={`${file.name} · ${formatSize(file.size, language)}`} />
                  </ListItemButton>
                </ListItem>
              ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}
