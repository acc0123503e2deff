import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on a narrow screen: the scroll area is a named, focusable region,
 * so keyboard users can scroll it too (WCAG 2.1.1).
 */
export function TableWrap({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`table-wrap ${className}`.trim()} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
