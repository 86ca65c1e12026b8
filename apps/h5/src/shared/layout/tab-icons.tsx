/** Tab bar icons (outline when inactive, filled when active), drawn at 1em so CSS sets the size. */
interface IconProps {
  active: boolean;
}

const common = { width: '1em', height: '1em', viewBox: '0 0 28 28', 'aria-hidden': true } as const;

export function HomeIcon({ active }: IconProps) {
  return (
    <svg {...common}>
      <path
        d="M4 12.2 14 4l10 8.2V23a1.5 1.5 0 0 1-1.5 1.5H17v-7h-6v7H5.5A1.5 1.5 0 0 1 4 23z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function StudyIcon({ active }: IconProps) {
  return (
    <svg {...common}>
      <path
        d="M3.5 6.5c3.6-1.4 7-1.1 10.5 1v16c-3.5-2.1-6.9-2.4-10.5-1zM24.5 6.5c-3.6-1.4-7-1.1-10.5 1v16c3.5-2.1 6.9-2.4 10.5-1z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function MineIcon({ active }: IconProps) {
  return (
    <svg {...common}>
      <circle
        cx="14"
        cy="9.5"
        r="5"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
      <path
        d="M4.5 24.5c.8-5 4.6-8 9.5-8s8.7 3 9.5 8z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
