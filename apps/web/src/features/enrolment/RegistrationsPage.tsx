import DownloadIcon from '@mui/icons-material/Download';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Registration } from '@bjk/domain/enrolment';
import type { DataColumn } from '../../shared/ui/DataTable';
import { choices } from '../../shared/ui/ListFilter';
import { PagedTable } from '../../shared/ui/PagedTable';
import { useListParams } from '../../shared/ui/useListParams';
import { PlayerListFilters } from './PlayerListFilters';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { KindSwitch, usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { hasPermission, useManager } from '../../shared/auth/session';
import { LateInvitationDialog } from './LateInvitationDialog';
import { download, registrationsQuery } from './mgmt-api';
import { PageHeader } from '../../shared/ui/PageHeader';
import { categoryColumn, clubColumn, nameColumn } from './mgmt-lists';

/** `/mgmt/registrations[?kind=vk]`: search, filters, sort and paging live in the address, so a view can be shared. */
/** The status filter's choices, in this order. */
const REGISTRATION_STATES = ['confirmed', 'draft'] as const;

export function RegistrationsPage() {
  const { t } = useTranslation('enrolment');
  const formatInstant = useInstantFormat();
  const kind = useRegistrationKind();
  const categories = usePlayerCategoryCodes(kind);
  const list = useListParams({ sort: 'createdAt', dir: 'desc', filters: ['category', 'status', 'enabled'] as const });
  const query = useQuery(registrationsQuery(kind, list.query));
  const session = useManager();
  const [inviting, setInviting] = useState(false);
  const columns: DataColumn<Registration>[] = [
    nameColumn<Registration>(t('participants.name'), (r) => withKind(`/mgmt/registration_edit?id=${r.id}`, kind)),
    { id: 'idbel', header: t('lookup.idbel'), sortKey: 'idbel', cell: (r) => r.idbel ?? r.idfide },
    categoryColumn(t('details.category')),
    {
      id: 'status',
      header: t('mgmt.status'),
      cell: (r) => (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" color={r.status === 'confirmed' ? 'success' : 'default'} label={t(`mgmt.statuses.${r.status}`)} />
          {!r.hasPhoto && <Chip size="small" color="warning" label={t('mgmt.noPhoto')} />}
          {r.late && <Chip size="small" label={t('mgmt.late')} />}
        </Stack>
      ),
    },
    clubColumn(t('details.club')),
    {
      id: 'createdAt',
      header: t('mgmt.createdAt'),
      sortKey: 'createdAt',
      hideBelow: 'md',
      cell: (r) => formatInstant(r.createdAt, { dateStyle: 'short', timeStyle: 'short' }),
    },
  ];

  return (
    <Stack spacing={2}>
      <PageHeader title={t('mgmt.registrations')} gap={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <KindSwitch kind={kind} />
          <Button startIcon={<DownloadIcon />} onClick={() => void download(`/api/v1/registration/${kind}/export.csv`, `registrations-${kind}.csv`)}>
            {t('mgmt.exportCsv')}
          </Button>
          {hasPermission(session, 'registrations:write') && (
            <Button startIcon={<ForwardToInboxIcon />} onClick={() => setInviting(true)} data-testid="late-invitation-open">
              {t('invite.open')}
            </Button>
          )}
        </Stack>
      </PageHeader>
      <PlayerListFilters
        list={list}
        categories={categories}
        searchTestId="registrations-search"
        filters={[{ name: 'status', label: t('mgmt.status'), options: choices(REGISTRATION_STATES, (s) => t(`mgmt.statuses.${s}`)) }]}
      />
      <PagedTable label={t('mgmt.registrations')} columns={columns} query={query} list={list} testId="registrations-table" />
      {inviting && <LateInvitationDialog kind={kind} onClose={() => setInviting(false)} />}
    </Stack>
  );
}
