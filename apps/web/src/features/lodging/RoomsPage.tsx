import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@bjk/domain/lodging';
import { useEdition } from '../../shared/edition/useEdition';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { importRooms, roomsQuery, updateRoom } from './api';

/** `/mgmt/rooms`: the venue's inventory: import the room list, change type and capacity, block or disable a room. */
export function RoomsPage() {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const queryClient = useQueryClient();
  const rooms = useQuery(roomsQuery);
  const [floor, setFloor] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mgmt', 'lodging'] });
  const update = useMutation({ mutationFn: (room: Room) => updateRoom(room), onSuccess: refresh });
  const upload = useMutation({ mutationFn: async (file: File) => importRooms(await file.text()), onSuccess: refresh });
  const floors = [...new Set((rooms.data?.items ?? []).map((r) => r.floor))].sort();
  const shown = (rooms.data?.items ?? []).filter((r) => !floor || String(r.floor) === floor);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('mgmt.rooms.title')}
        </Typography>
        <Button variant="outlined" startIcon={<UploadIcon />} disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
          {t('mgmt.rooms.import')}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept=".csv,text/csv"
          data-testid="rooms-csv"
          aria-label={t('mgmt.rooms.import')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            e.target.value = '';
          }}
        />
      </Stack>
      <Typography color="textSecondary">{t('mgmt.rooms.importHelp')}</Typography>
      {upload.isSuccess && <Alert severity="success">{t('mgmt.rooms.imported', upload.data)}</Alert>}
      {upload.isError && <ErrorAlert error={upload.error} />}
      {update.isError && <ErrorAlert error={update.error} />}
      {rooms.isError && <ErrorAlert error={rooms.error} />}
      <TextField
        select
        label={t('mgmt.rooms.floor')}
        value={floor}
        onChange={(e) => setFloor(e.target.value)}
        sx={{ maxWidth: 200 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('mgmt.list.all')}</MenuItem>
        {floors.map((f) => (
          <MenuItem key={f} value={String(f)}>
            {f}
          </MenuItem>
        ))}
      </TextField>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('mgmt.rooms.number')}</TableCell>
                <TableCell>{t('mgmt.list.type')}</TableCell>
                <TableCell align="right">{t('mgmt.rooms.capacity')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('mgmt.rooms.venueCode')}</TableCell>
                <TableCell>{t('mgmt.rooms.reservation')}</TableCell>
                <TableCell>{t('mgmt.rooms.blocked')}</TableCell>
                <TableCell>{t('mgmt.rooms.enabled')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((room) => (
                <TableRow key={room.number} data-testid={`room-${room.number}`}>
                  <TableCell>{room.number}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      variant="standard"
                      value={room.roomType}
                      onChange={(e) => update.mutate({ ...room, roomType: e.target.value })}
                      slotProps={{ htmlInput: { 'aria-label': t('mgmt.rooms.typeOf', { room: room.number }) } }}
                    >
                      {settings.roomTypes.map((type) => (
                        <MenuItem key={type.code} value={type.code}>
                          {type.code}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell align="right">
                    <TextField
                      size="small"
                      variant="standard"
                      type="number"
                      defaultValue={room.capacity}
                      sx={{ width: '4rem' }}
                      slotProps={{ htmlInput: { min: 1, max: 20, 'aria-label': t('mgmt.rooms.capacityOf', { room: room.number }) } }}
                      onBlur={(e) => {
                        const capacity = Number(e.target.value);
                        if (Number.isInteger(capacity) && capacity >= 1 && capacity !== room.capacity) update.mutate({ ...room, capacity });
                      }}
                    />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{room.venueCode}</TableCell>
                  <TableCell>{room.reservationNumber ?? '–'}</TableCell>
                  <TableCell>
                    <Switch
                      checked={room.blocked}
                      onChange={(e) => update.mutate({ ...room, blocked: e.target.checked })}
                      slotProps={{ input: { 'aria-label': t('mgmt.rooms.blockedOf', { room: room.number }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={room.enabled}
                      onChange={(e) => update.mutate({ ...room, enabled: e.target.checked })}
                      slotProps={{ input: { 'aria-label': t('mgmt.rooms.enabledOf', { room: room.number }) } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}
