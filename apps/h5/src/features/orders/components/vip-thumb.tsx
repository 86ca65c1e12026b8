/** The default cover of a VIP plan (plans have no picture). */
export function VipThumb() {
  return (
    <svg viewBox="0 0 120 90" width="120" height="90" role="img" aria-label="VIP会员">
      <defs>
        <linearGradient id="kz-vip-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b3327" />
          <stop offset="1" stopColor="#1f1a14" />
        </linearGradient>
      </defs>
      <rect width="120" height="90" rx="8" fill="url(#kz-vip-bg)" />
      <path d="M34 36l10 8 16-16 16 16 10-8-6 26H40z" fill="#e1a500" />
      <text x="60" y="76" textAnchor="middle" fontSize="12" fontWeight="700" fill="#f6d78b">
        VIP
      </text>
    </svg>
  );
}
