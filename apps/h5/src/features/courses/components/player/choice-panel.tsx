import { useEffect, useRef } from 'react';

export interface ChoicePanelProps<T> {
  /** The group's name, read out and shown as the panel's title (倍速, 清晰度). */
  label: string;
  options: readonly { value: T; text: string }[];
  value: T;
  onChoose: (value: T) => void;
  onClose: () => void;
}

/**
 * A row of choices over the picture (as in the apps learners know): tapping one chooses it and
 * closes the panel, tapping beside them or Escape only closes it. The chosen one takes the focus.
 */
export function ChoicePanel<T>({ label, options, value, onChoose, onClose }: ChoicePanelProps<T>) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    group.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
  }, []);
  return (
    <div
      className="kz-player-panel"
      onClick={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      role="presentation"
    >
      <p className="kz-player-panel-title" aria-hidden="true">
        {label}
      </p>
      <div className="kz-player-panel-options" role="radiogroup" aria-label={label} ref={group}>
        {options.map((option) => (
          <button
            key={option.text}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            className="kz-player-panel-option"
            onClick={() => {
              onChoose(option.value);
              onClose();
            }}
          >
            {option.text}
          </button>
        ))}
      </div>
    </div>
  );
}
