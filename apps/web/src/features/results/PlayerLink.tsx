import { Link } from 'react-router';
import { slugOfCategory } from './api';
import './results.css';

/** Every name on every tab leads to the player's card. */
export function PlayerLink({ category, pairingNumber, name }: { category: string; pairingNumber: number; name: string }) {
  return (
    <Link to={`${slugOfCategory(category)}?player=${pairingNumber}`} className="results-player">
      {name}
    </Link>
  );
}
