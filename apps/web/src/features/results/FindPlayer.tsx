import { useDeferredValue, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePeekResource, usePeekResources } from '../../shared/data/resource';
import { TextInput } from '../../shared/ui/plain/fields';
import { slugOfCategory } from './api';
import { matchesPlayer, plainText } from './player-search';
import { categoriesKey, loadCategories, loadTournament, tournamentKey } from './resources';
import './results.css';

type Option = { category: string; pairingNumber: number; name: string; club: string | null };

/**
 * "Find a player" across every category: a parent types part of a child's name and lands on the player's card. A
 * WAI-ARIA combobox (a text field with a list of players): arrow keys move through the list, Enter opens the
 * player's card, Escape closes the list; a click or a tap on a name does the same as Enter.
 */
export function FindPlayer() {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  const listId = useId();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDeferredValue(input).trim();
  const needle = plainText(query);
  const categories = usePeekResource(categoriesKey, loadCategories);
  // Each category's players load only once someone searches (the field never waits for them).
  const searched = needle.length >= 2 ? (categories ?? []) : [];
  const tournaments = usePeekResources(searched.map((c) => ({ key: tournamentKey(c.category), load: loadTournament(c.category) })));
  const options: Option[] =
    needle.length < 2
      ? []
      : tournaments.values
          .flatMap((read) =>
            read?.ok ? read.value.players.map((p) => ({ category: read.value.category, pairingNumber: p.pairingNumber, name: p.name, club: p.club })) : [],
          )
          .filter((o) => matchesPlayer(o.name, query))
          .slice(0, 20);
  const current = active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (option: Option) => {
    setOpen(false);
    setInput(`${option.name} (${option.category})`);
    void navigate(`${slugOfCategory(option.category)}?player=${option.pairingNumber}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(current === -1 ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open && current >= 0) {
      event.preventDefault();
      choose(options[current]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const searching = open && input.trim() !== '';
  const expanded = searching && options.length > 0;
  const loading = tournaments.pending;
  const message = searching && options.length === 0 && !loading ? (needle.length < 2 ? t('find.typeMore') : t('find.none')) : '';
  return (
    <div className="results-find">
      <TextInput
        label={t('find.label')}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && current >= 0 ? optionId(current) : undefined}
        data-testid="find-player"
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={t('find.label')} className="results-find-list" hidden={!expanded}>
        {expanded &&
          options.map((option, index) => (
            <li
              key={`${option.category}-${option.pairingNumber}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className="results-find-option"
              // The field keeps the focus (and the list stays open) until the click chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {`${option.name} (${option.category})`}
            </li>
          ))}
      </ul>
      {/* Always present, so that screen readers announce the message when it changes. */}
      <div role="status" className={message ? 'results-find-list results-find-empty' : 'results-visually-hidden'}>
        {message}
      </div>
    </div>
  );
}
