// A small set of inline icons (decorative: aria-hidden; the control around them carries the name).
const paths = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  share: 'M4 12v7a1 1 0 001 1h14a1 1 0 001-1v-7M16 6l-4-4-4 4M12 2v13',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  phone: 'M5 3h4l2 5-3 2a11 11 0 006 6l2-3 5 2v4a2 2 0 01-2 2A18 18 0 013 5a2 2 0 012-2z',
  pin: 'M12 22s7-7.2 7-12a7 7 0 00-14 0c0 4.8 7 12 7 12zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  heart: 'M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  check: 'M5 12l5 5L20 7',
  chat: 'M4 20l1.5-4A8 8 0 1112 20a8 8 0 01-4-1z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  instagram: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h0',
  linkedin: 'M4 9h4v11H4zM6 3a2 2 0 110 4 2 2 0 010-4zM10 9h4v2a4 4 0 017 2.5V20h-4v-6a2 2 0 00-4 0v6h-3z',
  lock: 'M6 10h12v10H6zM8 10V7a4 4 0 018 0v3',
  play: 'M8 5v14l11-7z',
  download: 'M12 3v12M7 10l5 5 5-5M4 21h16',
  alert: 'M12 3l10 18H2zM12 10v5M12 18h0',
} as const;

export type IconName = keyof typeof paths | 'star';

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  if (name === 'star') {
    return (
      <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" className={className}>
        <path fill="currentColor" d="M12 2l3 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.5 5.6 21.2l1.6-7.1L1.8 9.3 9 8.6z" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={paths[name]} />
    </svg>
  );
}
