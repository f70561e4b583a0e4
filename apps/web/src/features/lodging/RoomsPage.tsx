import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@bjk/domain/lodging';
import { useEdition } from '../../shared/edition/useEdition';
import { CellField } from '../../shared/ui/CellField';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { PageHeader } from '../../shared/ui/PageHeader';
import { FileButton } from '../../shared/ui/FileButton';
import { SelectField } from '../../shared/forms/SelectField';
import { TableHeadRow } from '../../shared/ui/TableHeadRow';
import { importRooms, roomsQuery, updateRoom } from './api';

/** Columns a phone leaves out. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** A room's switches, in their columns' order. */
const ROOM_FLAGS = ['blocked', 'enabled'] as const;

/** `/mgmt/rooms`: the venue's inventory: import the room list, change type and capacity, block or disable a room. */
export function RoomsPage() {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const queryClient = useQueryClient();
  const rooms = useQuery(roomsQuery);
  const [floor, setFloor] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mgmt', 'lodging'] });
  const update = useMutation({ mutationFn: (room: Room) => updateRoom(room), onSuccess: refresh });
  const upload = useMutation({ mutationFn: async (file: File) => importRooms(await file.text()), onSuccess: refresh });
  const floors = [...new Set((rooms.data?.items ?? []).map((r) => r.floor))].sort();
  const shown = (rooms.data?.items ?? []).filter((r) => !floor || String(r.floor) === floor);

  return (
    <Stack spacing={2}>
      <PageHeader title={t('mgmt.rooms.title')} stacked>
        <FileButton
          label={t('mgmt.rooms.import')}
          accept=".csv,text/csv"
          testId="rooms-csv"
          startIcon={<UploadIcon />}
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
      </PageHeader>
      <Typography color="textSecondary">{t('mgmt.rooms.importHelp')}</Typography>
      {upload.isSuccess && <Alert severity="success">{t('mgmt.rooms.imported', upload.data)}</Alert>}
      {upload.isError && <ErrorAlert error={upload.error} />}
      {update.isError && <ErrorAlert error={update.error} />}
      {rooms.isError && <ErrorAlert error={rooms.error} />}
      <SelectField
        label={t('mgmt.rooms.floor')}
        value={floor}
        onChange={(e) => setFloor(e.target.value)}
        sx={{ maxWidth: 200 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        options={[{ value: '', label: t('mgmt.list.all') }, ...floors.map((f) => ({ value: String(f), label: f }))]}
      />
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small">
            <TableHeadRow
              cells={[
                t('mgmt.rooms.number'),
                t('mgmt.list.type'),
                { label: t('mgmt.rooms.capacity'), align: 'right' },
                { label: t('mgmt.rooms.venueCode'), sx: WIDE_ONLY },
                t('mgmt.rooms.reservation'),
                t('mgmt.rooms.blocked'),
                t('mgmt.rooms.enabled'),
              ]}
            />
            <TableBody>
              {shown.map((room) => (
                <TableRow key={room.number} data-testid={`room-${room.number}`}>
                  <TableCell>{room.number}</TableCell>
                  <TableCell>
                    <CellField
                      select
                      label={t('mgmt.rooms.typeOf', { room: room.number })}
                      value={room.roomType}
                      onChange={(e) => update.mutate({ ...room, roomType: e.target.value })}
                    >
                      {settings.roomTypes.map((type) => (
                        <MenuItem key={type.code} value={type.code}>
                          {type.code}
                        </MenuItem>
                      ))}
                    </CellField>
                  </TableCell>
                  <TableCell align="right">
                    <CellField
                      label={t('mgmt.rooms.capacityOf', { room: room.number })}
                      type="number"
                      defaultValue={room.capacity}
                      sx={{ width: '4rem' }}
                      htmlInput={{ min: 1, max: 20 }}
                      onBlur={(e) => {
                        const capacity = Number(e.target.value);
                        if (Number.isInteger(capacity) && capacity >= 1 && capacity !== room.capacity) update.mutate({ ...room, capacity });
                      }}
                    />
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{room.venueCode}</TableCell>
                  <TableCell>{room.reservationNumber ?? '–'}</TableCell>
                  {ROOM_FLAGS.map((flag) => (
                    <TableCell key={flag}>
                      <Switch
                        checked={room[flag]}
                        onChange={(e) => update.mutate({ ...room, [flag]: e.target.checked })}
                        slotProps={{ input: { 'aria-label': t(`mgmt.rooms.${flag}Of`, { room: room.number }) } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
