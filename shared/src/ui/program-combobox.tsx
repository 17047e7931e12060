import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useProgramSuggestions, type ProgramSuggestion } from '../api/program-suggestions';
import own from './program-combobox.module.css';

/** Typing pauses this long before the server is asked, so a word typed quickly costs one request. */
export const SUGGEST_DELAY_MS = 200;

/** The host form's own classes, so the box looks like the fields around it. */
export interface ComboboxClasses {
  field?: string;
  label?: string;
  control?: string;
  error?: string;
}

export interface ProgramComboboxProps {
  label: string;
  name?: string;
  value: string;
  error?: string;
  /** Every change of the text, typed or chosen. */
  onValue(value: string): void;
  /** A suggestion was taken (click or Enter): which course or program it is, beyond its title. */
  onChoose?(option: ProgramSuggestion): void;
  classes?: ComboboxClasses;
}

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A course or program picker: free text (any program may be named), with the courses and quick programs the server
 * finds for the typed words offered below it. An ARIA 1.2 combobox: arrows move through the suggestions, Enter takes
 * one, Escape closes them, and the list is read on demand, never downloaded whole. The appointment form's Program
 * field and the admin's Class Sessions picker (which needs `onChoose`, the id behind the title) share it.
 */
export function ProgramCombobox({ label, name, value, error, onValue, onChoose, classes = {} }: ProgramComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const words = useSettled(value.trim(), SUGGEST_DELAY_MS);
  const suggestions = useProgramSuggestions(words);
  // Nothing typed, nothing offered: an earlier answer kept as placeholder must not show for an empty box.
  const options: ProgramSuggestion[] = value.trim() === '' ? [] : (suggestions.data ?? []);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (option: ProgramSuggestion) => {
    onValue(option.title);
    onChoose?.(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (last < 0) return;
      const down = event.key === 'ArrowDown';
      setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      // Enter takes the highlighted suggestion; without one it submits the form as usual.
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={classes.field ? `${classes.field} ${own.root}` : own.root}>
      <label htmlFor={id} className={classes.label}>{label}</label>
      <input
        id={id}
        name={name}
        className={classes.control}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active <= options.length - 1 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => {
          onValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className={own.list} hidden={!expanded}>
        {expanded ? options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? `${own.option} ${own.active}` : own.option}
            // Keeps the focus in the box, so the blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            <span>{option.title}</span>
            <span className={own.kind}>{option.kind}</span>
          </li>
        )) : null}
      </ul>
      {error ? <p id={errorId} className={classes.error}>{error}</p> : null}
    </div>
  );
}
