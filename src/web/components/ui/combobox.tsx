// A text box with a list of suggestions, as an ARIA 1.2 combobox (list autocomplete): typing opens
// the list, arrows move through it (wrapping), Enter picks, Escape closes, a click picks. The caller
// owns the text and the suggestions (fixed, filtered or fetched); this owns open/active state,
// keyboard handling, the ARIA wiring and a polite count for screen readers.
import { forwardRef, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';
import { FieldError, Label } from './label';
import { useShellText } from '../../i18n/shell-text';

export interface ComboboxProps<T> {
  id: string;
  label: string;
  /** The text in the box. */
  value: string;
  /** The customer typed (the list opens again). */
  onValueChange(value: string): void;
  /** What to suggest for the current text; shown only while the list is open. */
  options: readonly T[];
  /** A stable, unique key per option (also the text when there is no renderOption). */
  optionKey(option: T): string;
  renderOption?(option: T): ReactNode;
  /** An option was picked by Enter or click; the list is already closed. */
  onSelect(option: T): void;
  /** The listbox's accessible name, e.g. 'Suggested neighbourhoods'. */
  listLabel: string;
  onBlur?(): void;
  name?: string;
  placeholder?: string;
  /** Shown under the box while there is no error. */
  hint?: string;
  error?: string;
  /** Marks the box invalid without its own message (the form shows one message for all). */
  invalid?: boolean;
  /** Work after a pick is under way (e.g. fetching the place's details). */
  busy?: boolean;
  /** Announced as required (the form checks it itself). */
  required?: boolean;
}

/** Arrow keys: from nothing highlighted Down goes to the first option and Up to the last; both wrap. */
export function nextActiveIndex(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step > 0 ? 0 : count - 1;
  return (current + step + count) % count;
}

function ComboboxInner<T>(props: ComboboxProps<T>, ref: Ref<HTMLInputElement>) {
  const { id, label, value, onValueChange, options, optionKey, renderOption, onSelect, listLabel } = props;
  const listId = useId();
  const t = useShellText();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && options.length > 0;
  // The options can change under a highlighted one (new text, a late answer): never point past the end.
  const activeIndex = active < options.length ? active : -1;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: T) => {
    close();
    onSelect(option);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length > 0) {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => nextActiveIndex(i, step, options.length));
    } else if (e.key === 'Enter' && expanded && activeIndex >= 0) {
      e.preventDefault(); // picking a suggestion must not submit the form
      const choice = options[activeIndex];
      if (choice !== undefined) pick(choice);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      close();
    }
  };

  const describedBy = props.error ? errorId : props.hint ? hintId : undefined;
  const count = options.length;

  return (
    <div className="relative">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={props.placeholder}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={props.invalid || Boolean(props.error) || undefined}
        aria-describedby={describedBy}
        aria-busy={props.busy || undefined}
        aria-required={props.required || undefined}
        value={value}
        onChange={(e) => {
          onValueChange(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          props.onBlur?.();
        }}
      />
      {props.hint && !props.error && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {expanded &&
          options.map((option, i) => (
            <li
              key={optionKey(option)}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className={cn('cursor-pointer px-3 py-2 text-sm text-slate-900', i === activeIndex && 'bg-brand-50 text-brand-800')}
              // mousedown would blur the input (closing the list) before the click lands
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option)}
            >
              {renderOption ? renderOption(option) : optionKey(option)}
            </li>
          ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded ? t('suggestionsAvailable', { count }) : ''}
      </p>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/** See the file comment; forwards its ref to the input (react-hook-form focuses it on an error). */
export const Combobox = forwardRef(ComboboxInner) as <T>(props: ComboboxProps<T> & { ref?: Ref<HTMLInputElement> }) => ReactElement;
