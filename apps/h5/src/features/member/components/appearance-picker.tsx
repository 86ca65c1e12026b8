import { useState } from 'react';
import { APPEARANCE_OPTIONS, getAppearance, setAppearance, type Appearance } from '@/shared/theme/theme';

/** 外观: 跟随系统 / 浅色 / 深色, applied at once and remembered on this device. */
export function AppearancePicker() {
  const [value, setValue] = useState<Appearance>(getAppearance);
  return (
    <section className="kz-appearance" aria-labelledby="kz-appearance-title">
      <h2 id="kz-appearance-title" className="kz-appearance-title">
        外观
      </h2>
      <div className="kz-appearance-options" role="radiogroup" aria-labelledby="kz-appearance-title">
        {APPEARANCE_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            className="kz-appearance-option"
            onClick={() => {
              setAppearance(option.value);
              setValue(option.value);
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
