import type { ReferenceKind } from './wall-scale';

/**
 * The reference drawn in the page's own flat style, each in a viewBox of its real size in inches
 * (stretched to its box, which is that size at the wall's scale): a sofa, a doorway, a person.
 */
export function ReferenceArt({ kind }: { kind: ReferenceKind }) {
  if (kind === 'sofa')
    return (
      <svg viewBox="0 0 84 34" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect x="4" y="30" width="3" height="4" fill="#4a3b2e" />
        <rect x="77" y="30" width="3" height="4" fill="#4a3b2e" />
        <rect x="6" y="4" width="72" height="18" rx="3" fill="#5f7f6b" />
        <rect x="0" y="12" width="10" height="19" rx="3" fill="#4f6d5a" />
        <rect x="74" y="12" width="10" height="19" rx="3" fill="#4f6d5a" />
        <rect x="8" y="19" width="68" height="11" rx="2" fill="#6b8d77" />
        <line x1="42" y1="19" x2="42" y2="30" stroke="#4f6d5a" strokeWidth="0.6" />
      </svg>
    );
  if (kind === 'doorway')
    return (
      <svg viewBox="0 0 36 80" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width="36" height="80" fill="#d9d2c5" />
        <rect x="3" y="3" width="30" height="77" fill="#b89b7a" />
        <rect x="6" y="7" width="24" height="30" fill="none" stroke="#a5896a" strokeWidth="0.8" />
        <rect x="6" y="42" width="24" height="34" fill="none" stroke="#a5896a" strokeWidth="0.8" />
        <circle cx="28.5" cy="41" r="1.3" fill="#5b4a3a" />
      </svg>
    );
  return (
    <svg viewBox="0 0 20 66" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <ellipse cx="10" cy="4.6" rx="3.6" ry="4.6" fill="#3f4a45" />
      <path
        d="M4 11.5 Q10 9.5 16 11.5 L19 33 L16.5 33.5 L15 20 L15 36 L5 36 L5 20 L3.5 33.5 L1 33 Z"
        fill="#3f4a45"
      />
      <path d="M5 36 L15 36 L14.5 66 L10.8 66 L10 42 L9.2 66 L5.5 66 Z" fill="#2f3834" />
    </svg>
  );
}
