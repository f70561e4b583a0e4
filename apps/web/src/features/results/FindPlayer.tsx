import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resultsCategoriesQuery, slugOfCategory, tournamentQuery } from './api';

type Option = { category: string; pairingNumber: number; name: string; club: string | null };

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** "Find a player" across every category: a parent types part of a child's name and lands on the player's card. */
export function FindPlayer() {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const needle = plain(useDeferredValue(input).trim());
  const categories = useQuery(resultsCategoriesQuery);
  // Each category's players load only once someone searches.
  const tournaments = useQueries({ queries: (categories.data ?? []).map((c) => ({ ...tournamentQuery(c.category), enabled: needle.length >= 2, refetchInterval: false as const })) });
  const options = useMemo<Option[]>(() => {
    if (needle.length < 2) return [];
    return tournaments
      .flatMap((q) => (q.data ? q.data.players.map((p) => ({ category: q.data.category, pairingNumber: p.pairingNumber, name: p.name, club: p.club })) : []))
      .filter((o) => plain(o.name).includes(needle))
      .slice(0, 20);
  }, [tournaments, needle]);
  return (
    <Autocomplete<Option>
      size="small"
      options={options}
      filterOptions={(x) => x}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      getOptionLabel={(o) => `${o.name} (${o.category})`}
      isOptionEqualToValue={(a, b) => a.category === b.category && a.pairingNumber === b.pairingNumber}
      noOptionsText={needle.length < 2 ? t('find.typeMore') : t('find.none')}
      onChange={(_, option) => option && navigate(`${slugOfCategory(option.category)}?player=${option.pairingNumber}`)}
      renderInput={(params) => <TextField {...params} label={t('find.label')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'find-player' } }} />}
    />
  );
}
