import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { slugOfCategory } from './api';

/** Every name on every tab leads to the player's card. */
export function PlayerLink({ category, pairingNumber, name }: { category: string; pairingNumber: number; name: string }) {
  return (
    <Link component={RouterLink} to={`${slugOfCategory(category)}?player=${pairingNumber}`} underline="hover" sx={{ fontWeight: 600, color: 'text.primary' }}>
      {name}
    </Link>
  );
}
