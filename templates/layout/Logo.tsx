// The pki.js mark: a certificate seal with a key bit, drawn for this site.
export function Logo({ width, alt }: { width: number; alt: string }) {
  return (
    <svg className="logo" width={width} height={Math.round(width * 0.35)} viewBox="0 0 80 28" role="img" aria-label={alt}>
      <rect x="1" y="4" width="20" height="15" rx="2.5" fill="#3b8eea" />
      <path d="M5 9h12M5 13h8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="17" cy="19" r="5" fill="#f2b233" stroke="#1b1f24" strokeWidth="1.5" />
      <path d="M15 23.5l-1.5 4 3.5-1.5 3.5 1.5-1.5-4" fill="#f2b233" />
      <text x="27" y="19" fill="currentColor" fontFamily="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" fontSize="15" fontWeight="700">pki.js</text>
    </svg>
  );
}
