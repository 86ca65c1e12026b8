/** Drawn default avatar for visitors and members without a picture. */
export function DefaultAvatar({ size = 64 }: { size?: number }) {
  return (
    <svg className="kz-art" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true">
      <circle className="kz-art-soft" cx="32" cy="32" r="32" />
      <circle cx="32" cy="26" r="11" fill="currentColor" />
      <path d="M12 54c3-10 11-15 20-15s17 5 20 15" fill="currentColor" />
    </svg>
  );
}
